// geodist: great-circle distances between coordinates (haversine), single and batched.
#pragma once

#include <cstddef>
#include <vector>

namespace geodist {

struct Point {
    double lat;  // degrees
    double lon;  // degrees
};

// Great-circle distance in kilometres (mean Earth radius 6371.0088 km).
double distance_km(const Point& a, const Point& b);

// Distances from `origin` to every point, computed on `threads` worker threads.
std::vector<double> distances_km(const Point& origin, const std::vector<Point>& points,
                                 std::size_t threads = 4);

// The library's version as "MAJOR.MINOR.PATCH".
const char* version();

}  // namespace geodist
