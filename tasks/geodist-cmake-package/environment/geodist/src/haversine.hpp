// Internal helper of geodist: not part of the public headers.
#pragma once

namespace geodist::detail {
double haversine(double lat1, double lon1, double lat2, double lon2);
}
