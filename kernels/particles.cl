// Particles: a buffer of structs
//
// Each element of `particles` is a Particle struct: a position, a velocity, a
// mass and an id. The session describes the same struct in its "structs", field
// by field, so that CL Studio lays out each element as the compiler does (each
// field at a multiple of its own size, float4 at 16 bytes, the whole struct
// rounded up to 48 bytes), fills every field on its own, shows the outputs as a
// table with a column per field, and checks each field against its reference,
// where particles["vel"] is the velocity of every particle. `step` is a struct
// passed by value: the time step and gravity.
//
// Try: add a field `float charge;` to both structs (the kernel's and the
// session's), or set "packed": true on one and not the other and watch the
// references fail; move `mass` before `pos` and look at the offsets in the
// exported main.c.
typedef struct {
    float4 pos;
    float4 vel;
    float mass;
    int id;
} Particle;

typedef struct {
    float dt;
    float4 gravity;
} Step;

__kernel void particles(__global Particle *particles, const Step step, const int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    Particle p = particles[i];
    p.vel += step.dt * step.gravity;
    p.pos += step.dt * p.vel;
    p.id += 1;
    particles[i] = p;
}
