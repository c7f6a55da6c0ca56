# The renderer's frame rate (docs/synthetic-table.md). Included from benchmarks/CMakeLists.txt.
find_package(benchmark REQUIRED)
add_executable(render_benchmark ${CMAKE_CURRENT_LIST_DIR}/render_benchmark.cpp)
target_link_libraries(render_benchmark PRIVATE tabref_vision_sim benchmark::benchmark)
tabref_target_defaults(render_benchmark)
