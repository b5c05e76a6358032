#pragma once
// Runs the puzzle-cli binary the build names in PW_CLI_PATH, for the tests that check the command line from
// outside: its exit status and what it printed, standard error folded into standard output.

#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace pw::test {

struct CliOutput {
    int status = -1;   // the exit status; -1 when the program did not exit normally
    std::string text;  // standard output and standard error
};

inline CliOutput runCliCombined(const std::string& arguments) {
    const std::string command = std::string(PW_CLI_PATH) + " " + arguments + " 2>&1";
    CliOutput output;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) return output;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.text.append(buffer, n);
    const int status = ::pclose(pipe);
    output.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return output;
}

}  // namespace pw::test
