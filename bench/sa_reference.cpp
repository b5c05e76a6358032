// A standalone simulated annealing for 9x9 Sudoku, written apart from the workbench as the yardstick for its
// `sa --param schedule=lewis` run through puzzle-cli: the same design (R. Lewis, Metaheuristics can solve
// sudoku puzzles, Journal of Heuristics 13 (2007) 387-401) with nothing around it.
//   - every box holds each digit once; a proposal swaps two open cells of one random box;
//   - cost = digits missing from the rows plus digits missing from the columns, kept as per-row and
//     per-column digit counts, so a proposal is evaluated on two rows and two columns only;
//   - the acceptance probabilities e^(-delta/T) of the few possible deltas (1..8) are computed once per
//     temperature, not once per proposal;
//   - t0 = standard deviation of the cost over a random walk of 200 swaps; cool by 0.99 after every Markov
//     chain of (open cells)^2 proposals; reheat to t0 after 20 chains whose lowest cost is not below the
//     previous chain's.
// It runs a fixed number of proposals (restarting with the next seed when it solves) and prints the
// proposals per second, so the two can be timed as whole processes on a grid either may solve or not.
//
//   sa_reference PROPOSALS PUZZLE [SEED]

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

// xoshiro256** seeded by splitmix64: fast and good enough for proposals.
class Random {
public:
    explicit Random(std::uint64_t seed) {
        for (auto& word : m_state) {
            seed += 0x9e3779b97f4a7c15ULL;
            std::uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            word = z ^ (z >> 31);
        }
    }
    std::uint64_t next() {
        const std::uint64_t result = rotl(m_state[1] * 5, 7) * 9;
        const std::uint64_t t = m_state[1] << 17;
        m_state[2] ^= m_state[0];
        m_state[3] ^= m_state[1];
        m_state[1] ^= m_state[2];
        m_state[0] ^= m_state[3];
        m_state[2] ^= t;
        m_state[3] = rotl(m_state[3], 45);
        return result;
    }
    int below(int n) { return static_cast<int>((next() >> 32) * static_cast<std::uint64_t>(n) >> 32); }
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::array<std::uint64_t, 4> m_state{};
};

struct Annealer {
    std::array<int, 81> value{};
    std::array<bool, 81> given{};
    std::array<std::vector<int>, 9> openCellsOfBox;
    std::array<std::array<int, 10>, 9> rowCount{};
    std::array<std::array<int, 10>, 9> columnCount{};
    int cost = 0;

    static int missing(const std::array<int, 10>& count) {
        int missing = 0;
        for (int digit = 1; digit <= 9; ++digit) missing += count[digit] == 0;
        return missing;
    }

    void fill(const std::array<int, 81>& givens, Random& random) {
        value = givens;
        for (int box = 0; box < 9; ++box) {
            openCellsOfBox[box].clear();
            std::array<bool, 10> present{};
            std::vector<int> cells;
            for (int i = 0; i < 9; ++i) {
                const int cell = (box / 3 * 3 + i / 3) * 9 + box % 3 * 3 + i % 3;
                cells.push_back(cell);
                given[cell] = givens[cell] != 0;
                if (given[cell]) present[givens[cell]] = true;
                else openCellsOfBox[box].push_back(cell);
            }
            std::vector<int> digits;
            for (int digit = 1; digit <= 9; ++digit)
                if (!present[digit]) digits.push_back(digit);
            for (std::size_t i = digits.size(); i > 1; --i) std::swap(digits[i - 1], digits[random.below(static_cast<int>(i))]);
            for (std::size_t i = 0; i < digits.size(); ++i) value[openCellsOfBox[box][i]] = digits[i];
        }
        rowCount = {};
        columnCount = {};
        for (int cell = 0; cell < 81; ++cell) {
            ++rowCount[cell / 9][value[cell]];
            ++columnCount[cell % 9][value[cell]];
        }
        cost = 0;
        for (int unit = 0; unit < 9; ++unit) cost += missing(rowCount[unit]) + missing(columnCount[unit]);
    }

    // The cost change of swapping cells a and b (same box), from the two rows and two columns they touch.
    int delta(int a, int b) const {
        const int va = value[a], vb = value[b];
        int change = 0;
        const auto unitChange = [&](const std::array<int, 10>& count, bool loses, int lost, int gained) {
            if (!loses) return 0;
            return (count[lost] == 1 ? 1 : 0) - (count[gained] == 0 ? 1 : 0);
        };
        change += unitChange(rowCount[a / 9], a / 9 != b / 9, va, vb) + unitChange(rowCount[b / 9], a / 9 != b / 9, vb, va);
        change += unitChange(columnCount[a % 9], a % 9 != b % 9, va, vb) +
                  unitChange(columnCount[b % 9], a % 9 != b % 9, vb, va);
        return change;
    }

    void swap(int a, int b) {
        const int va = value[a], vb = value[b];
        --rowCount[a / 9][va], ++rowCount[a / 9][vb], --rowCount[b / 9][vb], ++rowCount[b / 9][va];
        --columnCount[a % 9][va], ++columnCount[a % 9][vb], --columnCount[b % 9][vb], ++columnCount[b % 9][va];
        value[a] = vb;
        value[b] = va;
    }

    // A random box with two open cells or more, and two distinct open cells of it.
    void propose(Random& random, const std::vector<int>& boxes, int& a, int& b) const {
        const std::vector<int>& open = openCellsOfBox[boxes[random.below(static_cast<int>(boxes.size()))]];
        const int n = static_cast<int>(open.size());
        const int i = random.below(n);
        int j = random.below(n - 1);
        if (j >= i) ++j;
        a = open[i];
        b = open[j];
    }
};

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: sa_reference PROPOSALS PUZZLE [SEED]\n");
        return 2;
    }
    const std::uint64_t proposals = std::strtoull(argv[1], nullptr, 10);
    const std::string line = argv[2];
    std::uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1;
    if (line.size() != 81) {
        std::fprintf(stderr, "sa_reference: the puzzle must be 81 characters, not %zu\n", line.size());
        return 2;
    }
    std::array<int, 81> givens{};
    for (int cell = 0; cell < 81; ++cell) givens[cell] = line[cell] >= '1' && line[cell] <= '9' ? line[cell] - '0' : 0;

    const auto started = std::chrono::steady_clock::now();
    std::uint64_t done = 0;
    int solved = 0;
    while (done < proposals) {
        Random random(seed++);
        Annealer annealer;
        annealer.fill(givens, random);
        std::vector<int> boxes;
        int openCells = 0;
        for (int box = 0; box < 9; ++box) {
            openCells += static_cast<int>(annealer.openCellsOfBox[box].size());
            if (annealer.openCellsOfBox[box].size() >= 2) boxes.push_back(box);
        }
        if (boxes.empty()) break;
        // t0: the standard deviation of the cost over a random walk.
        double sum = 0, squares = 0;
        for (int i = 0; i < 200; ++i) {
            int a = 0, b = 0;
            annealer.propose(random, boxes, a, b);
            annealer.cost += annealer.delta(a, b);
            annealer.swap(a, b);
            sum += annealer.cost;
            squares += static_cast<double>(annealer.cost) * annealer.cost;
        }
        const double t0 = std::max(std::sqrt(std::max(squares / 200 - (sum / 200) * (sum / 200), 0.0)), 0.01);
        double temperature = t0;
        std::array<double, 9> acceptance{};  // e^(-delta/T) for delta 1..8, the only worsening deltas of a swap
        const auto setTemperature = [&](double t) {
            temperature = t;
            for (int d = 1; d <= 8; ++d) acceptance[d] = std::exp(-d / temperature);
        };
        setTemperature(t0);
        const std::uint64_t chainLength = static_cast<std::uint64_t>(openCells) * openCells;
        int previousChainBest = annealer.cost, chainsWithoutProgress = 0;
        std::uint64_t inChain = 0;
        int chainBest = annealer.cost;
        while (done < proposals && annealer.cost > 0) {
            int a = 0, b = 0;
            annealer.propose(random, boxes, a, b);
            const int change = annealer.delta(a, b);
            ++done;
            if (change <= 0 || random.unit() < acceptance[change]) {
                annealer.swap(a, b);
                annealer.cost += change;
                if (annealer.cost < chainBest) chainBest = annealer.cost;
            }
            if (++inChain == chainLength) {
                inChain = 0;
                setTemperature(temperature * 0.99);
                chainsWithoutProgress = chainBest < previousChainBest ? 0 : chainsWithoutProgress + 1;
                previousChainBest = chainBest;
                chainBest = annealer.cost;
                if (chainsWithoutProgress >= 20) {
                    setTemperature(t0);
                    chainsWithoutProgress = 0;
                }
            }
        }
        if (annealer.cost == 0) ++solved;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf("{\"proposals\":%llu,\"solved\":%d,\"seconds\":%.6f,\"proposals_per_second\":%.0f}\n",
                static_cast<unsigned long long>(done), solved, seconds, static_cast<double>(done) / seconds);
    return 0;
}
