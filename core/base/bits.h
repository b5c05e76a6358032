#pragma once
// Small bit helpers for the candidate masks used across the core. Digit d (1-based) is bit d-1.

#include <bit>
#include <cstdint>

namespace pw {

using DigitMask = std::uint16_t;  // up to 16 digits: enough for 16x16 Sudoku

constexpr DigitMask digitBit(int digit) { return static_cast<DigitMask>(1u << (digit - 1)); }
constexpr DigitMask allDigits(int size) { return static_cast<DigitMask>((1u << size) - 1u); }
constexpr int popCount(std::uint32_t mask) { return std::popcount(mask); }
// The lowest digit (1-based) present in a non-empty mask.
constexpr int lowestDigit(std::uint32_t mask) { return std::countr_zero(mask) + 1; }
constexpr std::uint32_t withoutLowestBit(std::uint32_t mask) { return mask & (mask - 1); }
constexpr bool isSingleBit(std::uint32_t mask) { return mask != 0 && (mask & (mask - 1)) == 0; }

}  // namespace pw
