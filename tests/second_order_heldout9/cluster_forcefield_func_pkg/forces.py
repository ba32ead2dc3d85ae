"""Per-configuration forces with torch.func: F = -dE/dx, batched with vmap."""
from torch.func import functional_call, grad, vmap


def make_force_fn(model):
    def energy(params, buffers, pos):
        return functional_call(model, (params, buffers), (pos,))

    def force(params, buffers, pos):
        return -grad(energy, argnums=2)(params, buffers, pos)

    batched_energy = vmap(energy, in_dims=(None, None, 0))
    batched_force = vmap(force, in_dims=(None, None, 0))
    return batched_energy, batched_force
