"""CBF conditions checked on sampled states: h >= 0 on safe samples, h < 0 on unsafe ones and the
Lie-derivative condition dh/dx . f(x, u) + alpha h(x) >= 0 under the nominal controller."""
import torch
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap


def quad_dynamics(state, u, mass=1.0, g=9.81):
    pos, q, vel, omega = state[..., :3], state[..., 3:7], state[..., 7:10], state[..., 10:]
    w, x, y, z = q.unbind(-1)
    thrust_dir = torch.stack([2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)], -1)
    acc = thrust_dir * u[..., :1] / mass - torch.tensor([0.0, 0.0, g])
    zero = torch.zeros_like(w)
    qdot = 0.5 * torch.stack([zero - (x * omega[..., 0] + y * omega[..., 1] + z * omega[..., 2]),
                              w * omega[..., 0] + y * omega[..., 2] - z * omega[..., 1],
                              w * omega[..., 1] + z * omega[..., 0] - x * omega[..., 2],
                              w * omega[..., 2] + x * omega[..., 1] - y * omega[..., 0]], -1)
    return torch.cat([vel, qdot, acc, u[..., 1:]], -1)


def barrier_losses(barrier, params, safe, unsafe, boundary, controller, alpha=1.0, margin=0.05):
    def h_single(p, x):
        return functional_call(barrier, p, (x.unsqueeze(0),)).squeeze(0)

    h_safe = functional_call(barrier, params, (safe,))
    h_unsafe = functional_call(barrier, params, (unsafe,))
    dh_dx = vmap(grad(h_single, argnums=1), in_dims=(None, 0))(params, boundary)
    h_b = functional_call(barrier, params, (boundary,))
    lie = (dh_dx * quad_dynamics(boundary, controller(boundary))).sum(-1)
    return (F.relu(margin - h_safe).mean() + F.relu(margin + h_unsafe).mean()
            + F.relu(margin - lie - alpha * h_b).mean())
