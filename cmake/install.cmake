# cmake --install: the headers, a CMake package (find_package(rollplan CONFIG))
# and a pkg-config file. The library is header-only, so everything goes under
# share/ (architecture-independent); the package finds Boost (Mp11) again for
# its consumers.
include(CMakePackageConfigHelpers)

set(ROLLPLAN_CMAKE_DIR ${CMAKE_INSTALL_DATADIR}/cmake/rollplan)

install(DIRECTORY include/rollplan DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS rollplan EXPORT rollplanTargets)
install(EXPORT rollplanTargets NAMESPACE rollplan:: DESTINATION ${ROLLPLAN_CMAKE_DIR})

configure_package_config_file(cmake/rollplanConfig.cmake.in ${PROJECT_BINARY_DIR}/rollplanConfig.cmake
  INSTALL_DESTINATION ${ROLLPLAN_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/rollplanConfigVersion.cmake
  COMPATIBILITY SameMajorVersion ARCH_INDEPENDENT)
install(FILES ${PROJECT_BINARY_DIR}/rollplanConfig.cmake ${PROJECT_BINARY_DIR}/rollplanConfigVersion.cmake
  DESTINATION ${ROLLPLAN_CMAKE_DIR})

# pkg-config: the prefix is found from the .pc file's own place, so the
# installed tree may be moved.
file(RELATIVE_PATH ROLLPLAN_PC_TO_PREFIX ${CMAKE_INSTALL_FULL_DATADIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" ROLLPLAN_PC_TO_PREFIX "${ROLLPLAN_PC_TO_PREFIX}")
file(RELATIVE_PATH ROLLPLAN_PREFIX_TO_INCLUDE ${CMAKE_INSTALL_PREFIX} ${CMAKE_INSTALL_FULL_INCLUDEDIR})
configure_file(cmake/rollplan.pc.in ${PROJECT_BINARY_DIR}/rollplan.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/rollplan.pc DESTINATION ${CMAKE_INSTALL_DATADIR}/pkgconfig)

# Installed like a library: the license, the changelog and the docs under
# share/doc/rollplan (the README's links into docs/ still resolve there), and
# the command's man page (cli/CMakeLists.txt, with the command).
install(FILES LICENSE README.md CHANGELOG.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs FILES_MATCHING PATTERN "*.md" PATTERN "*.png")
