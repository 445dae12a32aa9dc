/* nn: the distance of every record to one point, Rodinia's NearestNeighbor kernel shape:
 * an array of LatLong structs, the point passed as two floats, a guard for the last group.
 * Written for CL Studio's corpus after Rodinia 3.1's opencl/nn (see README.md). */
typedef struct latLong
{
	float lat;
	float lng;
} LatLong;

__kernel void NearestNeighbor(__global LatLong *d_locations, __global float *d_distances, const int numRecords, const float lat, const float lng)
{
	int globalId = get_global_id(0);
	if (globalId < numRecords) {
		__global LatLong *latLong = d_locations + globalId;
		__global float *dist = d_distances + globalId;
		*dist = (float)sqrt((lat - latLong->lat) * (lat - latLong->lat) + (lng - latLong->lng) * (lng - latLong->lng));
	}
}
