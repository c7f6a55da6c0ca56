# Calibration accuracy and mapping speed on the synthetic table (docs/benchmarks.md). Included
# from benchmarks/CMakeLists.txt. Shares the test scenes of tests/calibration.
add_executable(calibration_benchmark ${CMAKE_CURRENT_LIST_DIR}/calibration_benchmark.cpp
                                     ${PROJECT_SOURCE_DIR}/tests/calibration/synthetic_views.cpp)
target_include_directories(calibration_benchmark PRIVATE ${PROJECT_SOURCE_DIR})
target_link_libraries(calibration_benchmark PRIVATE tabref_calibration tabref_vision_sim)
target_compile_definitions(calibration_benchmark PRIVATE TABREF_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
tabref_target_defaults(calibration_benchmark)
