#include "geodist/geodist.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

#include "haversine.hpp"

namespace geodist {

namespace detail {
double haversine(double lat1, double lon1, double lat2, double lon2) {
    constexpr double kRad = 3.14159265358979323846 / 180.0;
    const double dlat = (lat2 - lat1) * kRad;
    const double dlon = (lon2 - lon1) * kRad;
    const double h = std::sin(dlat / 2) * std::sin(dlat / 2) +
                     std::cos(lat1 * kRad) * std::cos(lat2 * kRad) * std::sin(dlon / 2) * std::sin(dlon / 2);
    return 2.0 * 6371.0088 * std::asin(std::min(1.0, std::sqrt(h)));
}
}  // namespace detail

double distance_km(const Point& a, const Point& b) {
    return detail::haversine(a.lat, a.lon, b.lat, b.lon);
}

std::vector<double> distances_km(const Point& origin, const std::vector<Point>& points, std::size_t threads) {
    std::vector<double> out(points.size());
    threads = std::max<std::size_t>(1, std::min(threads, points.size()));
    std::vector<std::thread> pool;
    for (std::size_t t = 0; t < threads; ++t) {
        pool.emplace_back([&, t] {
            for (std::size_t i = t; i < points.size(); i += threads) out[i] = distance_km(origin, points[i]);
        });
    }
    for (auto& th : pool) th.join();
    return out;
}

const char* version() { return GEODIST_VERSION_STRING; }

}  // namespace geodist
