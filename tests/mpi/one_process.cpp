// The fill examples/fill_mpi.cpp splits across ranks, made here by one process
// with one call and no MPI: tests/mpi/check.sh compares the files byte for byte.
//
//   one_process OUT N SEED
#include <rollplan/rollplan.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    if (argc != 4) return 2;
    const auto n = std::strtoull(argv[2], nullptr, 10), seed = std::strtoull(argv[3], nullptr, 10);
    std::vector<std::int32_t> values(n);
    rollplan::philox4x64 engine(seed);
    rollplan::generate(values, rollplan::uniform_int_distribution<std::int32_t, 0, 99>{}, engine);
    std::FILE* file = std::fopen(argv[1], "wb");
    const bool ok = file != nullptr && std::fwrite(values.data(), sizeof(std::int32_t), n, file) == n;
    return file != nullptr && std::fclose(file) == 0 && ok ? 0 : 1;
}
