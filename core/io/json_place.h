#pragma once
// Places in a JSON text, for errors that name file:line:column. The JSON library keeps no positions of the
// values it parsed, so a value's place is found again by walking the text along its path.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pw {

// 1-based line and column of byte `offset` of `text`.
std::pair<int, int> lineAndColumn(std::string_view text, std::size_t offset);

// The byte offset in `text` (a valid JSON document) of the value at `path`: object keys and, inside arrays,
// decimal indices ("configurations", "2", "label"). Where the path leaves the document (a missing key or
// index), the offset of the deepest value it reaches, e.g. the object a required key is missing from.
std::size_t jsonValueOffset(std::string_view text, const std::vector<std::string>& path);

// Whether `text` claims to be a file of format `formatName`: a JSON object naming the format near its start. Lets a
// caller that opens "a file" tell recordings, races and lessons from puzzle files without guessing from the name.
bool looksLikeJsonFormat(std::string_view text, std::string_view formatName);

// "configurations[2].label": a path as people read it.
std::string jsonPathText(const std::vector<std::string>& path);

}  // namespace pw
