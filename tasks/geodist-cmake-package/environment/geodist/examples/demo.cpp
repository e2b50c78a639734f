#include <cstdio>

#include "geodist/geodist.hpp"

int main() {
    const geodist::Point hamburg{53.5511, 9.9937}, felixstowe{51.9617, 1.3513};
    std::printf("geodist %s: Hamburg-Felixstowe %.1f km\n", geodist::version(),
                geodist::distance_km(hamburg, felixstowe));
    return 0;
}
