# Implicit-depth network for distribution-grid state estimation (bus voltage magnitudes from
# sparse smart-meter and feeder-head measurements).  The fixed point z* = T(z*, x) is found
# without tracking gradients; training uses Jacobian-free backpropagation (Fung et al. 2022):
# one differentiable application of T at the detached fixed point, no implicit-function solve.
import torch
import torch.nn as nn
import torch.nn.functional as F

N_BUS, N_MEAS, HIDDEN = 12, 7, 24


class FixedPointMap(nn.Module):
    def __init__(self):
        super().__init__()
        self.inject = nn.Linear(N_MEAS, HIDDEN)
        self.mix = nn.Linear(HIDDEN, HIDDEN, bias=False)
        self.norm = nn.GroupNorm(4, HIDDEN)
        self.shrink = nn.Softshrink(0.05)

    def forward(self, z, x):
        return self.shrink(self.norm(0.5 * self.mix(z) + self.inject(x)))


class ImplicitEstimator(nn.Module):
    def __init__(self, max_iter=30, tol=1e-4):
        super().__init__()
        self.T = FixedPointMap()
        self.readout = nn.Linear(HIDDEN, N_BUS)
        self.max_iter, self.tol = max_iter, tol

    def forward(self, x):
        z = torch.zeros(x.size(0), HIDDEN)
        with torch.no_grad():
            for _ in range(self.max_iter):
                z_next = self.T(z, x)
                if (z_next - z).norm() < self.tol * (z.norm() + 1e-8):
                    z = z_next
                    break
                z = z_next
        z = self.T(z.detach(), x)
        return 1.0 + 0.05 * torch.tanh(self.readout(z))


def contraction_estimate(T, x, iters=5):
    """Power iteration on vector-Jacobian products of T at a random state (monitoring only)."""
    z = torch.randn(x.size(0), HIDDEN, requires_grad=True)
    fz = T(z, x.detach())
    u = torch.randn_like(z)
    for _ in range(iters):
        u, = torch.autograd.grad(fz, z, grad_outputs=u / u.norm(), retain_graph=True)
    return u.norm()


def feeder_snapshots(n):
    load = torch.rand(n, N_BUS)
    drop = torch.cumsum(0.01 * load, dim=1)
    v = 1.02 - drop + 0.003 * torch.randn(n, N_BUS)
    meter_idx = torch.tensor([0, 2, 4, 6, 8, 10, 11])
    meas = v[:, meter_idx] + 0.002 * torch.randn(n, N_MEAS)
    return (meas - 1.0) * 20.0, v


def main(steps=3):
    torch.manual_seed(0)
    model = ImplicitEstimator()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(steps):
        x, v = feeder_snapshots(32)
        loss = F.huber_loss(model(x), v, delta=0.01)
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            mix_norm = torch.linalg.matrix_norm(model.T.mix.weight, ord=2)
            if mix_norm > 0.95:
                model.T.mix.weight.mul_(0.95 / mix_norm)
        rho = contraction_estimate(model.T, x)
        print(f"step {step}: voltage huber {loss.item():.6f} |W_mix| {mix_norm.item():.3f} |J^T| {rho.item():.3f}")


if __name__ == "__main__":
    main()
