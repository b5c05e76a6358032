#pragma once
// Runs the puzzle-cli binary the build names in PW_CLI_PATH, for the tests that check the command line from
// outside: its exit status and what it printed, standard error folded into standard output.

#include <cstdio>
#include <string>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

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

// Starts puzzle-cli with `arguments` in the background, standard input from /dev/null, standard output and
// error into the files named; the process id, or -1 when it could not start.
inline pid_t spawnCli(std::vector<std::string> arguments, const std::string& outPath, const std::string& errPath) {
    arguments.insert(arguments.begin(), PW_CLI_PATH);
    std::vector<char*> pointers;
    for (auto& argument : arguments) pointers.push_back(argument.data());
    pointers.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid = -1;
    const int error = posix_spawn(&pid, PW_CLI_PATH, &actions, nullptr, pointers.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    return error == 0 ? pid : -1;
}

}  // namespace pw::test
