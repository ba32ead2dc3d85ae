import torch
import torch.nn.functional as F


def chandelier_ground_truth(x, g_over_l=9.0, twist_k=2.5):
    d = x.shape[-1] // 2
    q, p = x[..., :d], x[..., d:]
    dq = p
    dp = torch.stack([-g_over_l * torch.sin(q[..., 0]), -twist_k * q[..., 1]], -1)
    return torch.cat([dq, dp], -1)


def rk4(field, x, dt):
    k1 = field(x)
    k2 = field(x + 0.5 * dt * k1)
    k3 = field(x + 0.5 * dt * k2)
    k4 = field(x + dt * k3)
    return x + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def simulate(n_traj, steps, dt, gen):
    x = torch.cat([0.8 * torch.randn(n_traj, 2, generator=gen), 0.5 * torch.randn(n_traj, 2, generator=gen)], -1)
    states = [x]
    for _ in range(steps - 1):
        x = rk4(chandelier_ground_truth, x, dt)
        states.append(x)
    states = torch.stack(states, 1)
    # accelerometer-style smoothing of the logged states (data side only)
    smooth = F.pad(states.transpose(1, 2), (1, 1), mode="replicate")
    smooth = F.avg_pool1d(smooth, 3, stride=1).transpose(1, 2)
    return smooth


def leapfrog_rollout(model_field, x0, dt, steps):
    """Evaluation rollout: symplectic Euler with the learned field, no higher-order graph."""
    xs = [x0]
    x = x0
    for _ in range(steps):
        f = model_field(x.detach(), create_graph=False).detach()
        d = x.shape[-1] // 2
        p = x[..., d:] + dt * f[..., d:]
        q = x[..., :d] + dt * p
        x = torch.cat([q, p], -1)
        xs.append(x)
    return torch.stack(xs, 1)
