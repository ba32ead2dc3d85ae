"""Neural ODE for anaerobic-digester dynamics (volatile fatty acids, alkalinity, biogas rate) trained with the
continuous adjoint method: the backward pass integrates the adjoint state backwards in time and accumulates
vector-Jacobian products of the vector field (first-order autograd.grad calls inside a custom Function).
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "state_dim": 3,
    "feed_dim": 2,
    "hidden": 32,
    "substeps": 4,
    "horizon_days": 6,
    "batch": 8,
    "epochs": 3,
    "lr": 3e-3,
}


class DigesterField(nn.Module):
    """dz/dt = f(z, feed(t)); the feed schedule (organic loading rate, temperature) is piecewise constant."""

    def __init__(self, cfg):
        super().__init__()
        self.inp = nn.Linear(cfg["state_dim"] + cfg["feed_dim"], cfg["hidden"])
        self.mid = nn.Linear(cfg["hidden"], cfg["hidden"])
        self.gelu = nn.GELU(approximate="tanh")
        self.out = nn.Linear(cfg["hidden"], cfg["state_dim"])
        self.feed = None

    def forward(self, t, z):
        h = F.elu(self.inp(torch.cat([z, self.feed], dim=-1)))
        return 0.1 * self.out(self.gelu(self.mid(h)))


def rk4(f, t0, t1, z, substeps):
    dt = (t1 - t0) / substeps
    t = t0
    for _ in range(substeps):
        k1 = f(t, z)
        k2 = f(t + dt / 2, z + dt / 2 * k1)
        k3 = f(t + dt / 2, z + dt / 2 * k2)
        k4 = f(t + dt, z + dt * k3)
        z = z + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        t = t + dt
    return z


class AdjointSolve(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z0, feed, t0, t1, substeps, field, *params):
        field.feed = feed
        with torch.no_grad():
            z1 = rk4(field, t0, t1, z0, substeps)
        ctx.save_for_backward(z1)
        ctx.meta = (feed, t0, t1, substeps, field, params)
        return z1

    @staticmethod
    def backward(ctx, grad_z1):
        (z1,) = ctx.saved_tensors
        feed, t0, t1, substeps, field, params = ctx.meta
        field.feed = feed
        n = z1.numel()

        def augmented(t, aug):
            z, a = aug[:n].view_as(z1), aug[n:2 * n].view_as(z1)
            with torch.enable_grad():
                z = z.detach().requires_grad_(True)
                fz = field(t, z)
                vjps = torch.autograd.grad(fz, (z,) + params, -a, allow_unused=True)
            vjps = [torch.zeros_like(p) if v is None else v for v, p in zip(vjps, (z,) + params)]
            return torch.cat([-fz.detach().reshape(-1)] + [v.reshape(-1) for v in vjps])

        aug = torch.cat([z1.reshape(-1), grad_z1.reshape(-1)] + [torch.zeros(p.numel()) for p in params])
        aug = rk4(augmented, t1, t0, aug, substeps)
        grad_z0 = aug[n:2 * n].view_as(z1)
        grads, off = [], 2 * n
        for p in params:
            grads.append(aug[off:off + p.numel()].view_as(p))
            off += p.numel()
        return (grad_z0, None, None, None, None, None, *grads)


def simulate_plant(cfg):
    """Toy digester: VFA accumulates with loading, alkalinity buffers it, biogas follows VFA consumption."""
    b, days = cfg["batch"], cfg["horizon_days"]
    feed = torch.stack([0.5 + torch.rand(b, days), 0.3 * torch.randn(b, days)], dim=-1)
    z = torch.tensor([0.2, 1.0, 0.5]).repeat(b, 1)
    traj = [z]
    for d in range(days):
        vfa, alk, gas = z.unbind(-1)
        dvfa = feed[:, d, 0] * 0.3 - 0.4 * vfa * alk / (1 + vfa)
        z = z + torch.stack([dvfa, -0.05 * vfa, 0.4 * vfa * alk / (1 + vfa) - 0.2 * gas], -1)
        traj.append(z)
    return feed, torch.stack(traj, dim=1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=CFG["epochs"])
    args = parser.parse_args()
    torch.manual_seed(0)
    field = DigesterField(CFG)
    params = tuple(field.parameters())
    opt = torch.optim.Adam(params, lr=CFG["lr"])
    for epoch in range(args.epochs):
        feed, obs = simulate_plant(CFG)
        z, preds = obs[:, 0], []
        for day in range(CFG["horizon_days"]):
            z = AdjointSolve.apply(z, feed[:, day], float(day), float(day + 1), CFG["substeps"], field, *params)
            preds.append(z)
        loss = F.smooth_l1_loss(torch.stack(preds, dim=1), obs[:, 1:])
        opt.zero_grad()
        loss.backward()
        gnorm = torch.sqrt(sum(p.grad.pow(2).sum() for p in params))
        opt.step()
        print(f"epoch {epoch}: smooth-l1 {loss.item():.4f} grad norm {gnorm.item():.3e}")


if __name__ == "__main__":
    main()
