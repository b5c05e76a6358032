#include "io/json_place.h"

#include <algorithm>
#include <cctype>

#include "base/text_format.h"

namespace pw {

std::pair<int, int> lineAndColumn(std::string_view text, std::size_t offset) {
    int line = 1;
    int column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

namespace {

// A cursor over a JSON text that is known to parse: no checks beyond staying inside the text.
class JsonWalker {
public:
    explicit JsonWalker(std::string_view text) : m_text(text) {}

    std::size_t at() const { return m_at; }
    char peek() const { return m_at < m_text.size() ? m_text[m_at] : '\0'; }
    void skipSpace() {
        while (m_at < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_at]))) ++m_at;
    }
    void skip(char c) {
        skipSpace();
        if (peek() == c) ++m_at;
        skipSpace();
    }
    // The raw text between the quotes of the string at the cursor, which moves past it.
    std::string_view string() {
        const std::size_t start = ++m_at;
        while (m_at < m_text.size() && m_text[m_at] != '"') m_at += m_text[m_at] == '\\' ? 2 : 1;
        const std::string_view raw = m_text.substr(start, std::min(m_at, m_text.size()) - start);
        ++m_at;
        return raw;
    }
    void skipValue() {
        skipSpace();
        const char c = peek();
        if (c == '"') {
            string();
        } else if (c == '{' || c == '[') {
            int depth = 0;
            while (m_at < m_text.size()) {
                const char d = m_text[m_at];
                if (d == '"') {
                    string();
                    continue;
                }
                ++m_at;
                if (d == '{' || d == '[') ++depth;
                if ((d == '}' || d == ']') && --depth == 0) break;
            }
        } else {
            while (m_at < m_text.size() && m_text[m_at] != ',' && m_text[m_at] != '}' && m_text[m_at] != ']' &&
                   !std::isspace(static_cast<unsigned char>(m_text[m_at])))
                ++m_at;
        }
        skipSpace();
    }
    // Moves to the value of `step` inside the object or array at the cursor; false (cursor unmoved) when absent.
    bool enter(const std::string& step) {
        const std::size_t container = m_at;
        const char open = peek();
        if (open != '{' && open != '[') return false;
        ++m_at;
        skipSpace();
        std::size_t index = 0;
        while (m_at < m_text.size() && peek() != '}' && peek() != ']') {
            bool found = false;
            if (open == '{') {
                found = string() == step;
                skip(':');
            } else {
                found = std::to_string(index++) == step;
            }
            if (found) return true;
            skipValue();
            if (peek() == ',') skip(',');
        }
        m_at = container;
        return false;
    }

private:
    std::string_view m_text;
    std::size_t m_at = 0;
};

}  // namespace

std::size_t jsonValueOffset(std::string_view text, const std::vector<std::string>& path) {
    JsonWalker walker(text);
    walker.skipSpace();
    for (const std::string& step : path)
        if (!walker.enter(step)) break;
    return walker.at();
}

std::string jsonPathText(const std::vector<std::string>& path) {
    std::string text;
    for (const std::string& step : path) {
        const bool index = !step.empty() && std::isdigit(static_cast<unsigned char>(step.front()));
        text += index ? "[" + step + "]" : (text.empty() ? "" : ".") + step;
    }
    return text;
}

bool looksLikeJsonFormat(std::string_view text, std::string_view formatName) {
    text = withoutByteOrderMark(text);
    const auto start = text.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos || text[start] != '{') return false;
    return text.substr(0, 4096).find(formatName) != std::string_view::npos;
}

}  // namespace pw
