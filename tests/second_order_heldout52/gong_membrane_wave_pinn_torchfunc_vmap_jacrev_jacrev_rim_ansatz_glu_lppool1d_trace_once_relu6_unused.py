"""Physics-informed network for the struck membrane of a flat gong (2-D damped wave equation on the unit disk).

    u_tt + gamma u_t = c^2 (u_xx + u_yy),   u = 0 on the clamped rim,   u(x, y, 0) = 0,   u_t(x, y, 0) = v0(x, y)

The rim condition and the zero initial displacement are built into the ansatz u = (1 - r^2) t N(x, y, t); the
mallet impulse v0 enters through a soft initial-velocity loss. Second derivatives come from torch.func
(jacrev over jacrev) of a functional_call of the network, vmapped over collocation points.
"""
import argparse
import math

import torch
import torch.nn as nn
from torch.func import functional_call, grad, jacrev, vmap


class GongNet(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.inp = nn.Linear(3, 2 * width)
        self.glu = nn.GLU(dim=-1)
        self.mid = nn.Linear(width, width)
        self.pool = nn.LPPool1d(2, kernel_size=2)
        self.out = nn.Linear(width // 2, 1)
        self.debug_head = nn.Sequential(nn.Linear(width, 8), nn.ReLU6(), nn.Linear(8, 1))
        self.register_buffer("scale", torch.tensor([1.0, 1.0, 2.0]))

    def forward(self, p):
        h = self.glu(self.inp(p * self.scale))
        h = torch.tanh(self.mid(h))
        h = self.pool(h.unsqueeze(0)).squeeze(0)
        return self.out(h).squeeze(-1)


class MembranePINN:
    def __init__(self, net, c=1.0, gamma=0.15, mallet_width=0.2):
        self.net, self.c, self.gamma, self.sigma = net, c, gamma, mallet_width

    def state(self):
        return {**dict(self.net.named_parameters()), **dict(self.net.named_buffers())}

    def displacement(self, state, p):
        x, y, t = p[0], p[1], p[2]
        return (1.0 - x * x - y * y) * t * functional_call(self.net, state, (p,))

    def residual(self, state, p):
        H = jacrev(jacrev(self.displacement, argnums=1), argnums=1)(state, p)
        u_t = grad(self.displacement, argnums=1)(state, p)[2]
        laplacian = torch.trace(H[:2, :2])
        return H[2, 2] + self.gamma * u_t - self.c ** 2 * laplacian

    def initial_velocity(self, state, p):
        return grad(self.displacement, argnums=1)(state, p)[2]

    def mallet(self, xy):
        r2 = (xy ** 2).sum(-1)
        return torch.exp(-r2 / self.sigma ** 2) * (1.0 - r2)


def sample_disk(n, t_max, t_zero=False):
    r = torch.sqrt(torch.rand(n))
    th = 2 * math.pi * torch.rand(n)
    t = torch.zeros(n) if t_zero else t_max * torch.rand(n)
    return torch.stack([r * torch.cos(th), r * torch.sin(th), t], dim=1)


@torch.no_grad()
def ring_frequency(pinn, t_max, n=64):
    t = torch.linspace(0, t_max, n)
    p = torch.stack([torch.full_like(t, 0.3), torch.zeros_like(t), t], 1)
    u = vmap(pinn.displacement, in_dims=(None, 0))(pinn.state(), p)
    spec = torch.fft.rfft(u - u.mean()).abs()
    return spec.argmax().item() / t_max


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--n-colloc", type=int, default=128)
    ap.add_argument("--t-max", type=float, default=2.0)
    ap.add_argument("--w-ic", type=float, default=10.0)
    args = ap.parse_args()
    torch.manual_seed(0)

    pinn = MembranePINN(GongNet())
    opt = torch.optim.Adam(pinn.net.parameters(), lr=1e-3)
    batched_residual = vmap(pinn.residual, in_dims=(None, 0))
    batched_v0 = vmap(pinn.initial_velocity, in_dims=(None, 0))
    for step in range(args.steps):
        state = pinn.state()
        p = sample_disk(args.n_colloc, args.t_max)
        p0 = sample_disk(args.n_colloc // 2, args.t_max, t_zero=True)
        loss_pde = batched_residual(state, p).pow(2).mean()
        loss_ic = (batched_v0(state, p0) - pinn.mallet(p0[:, :2])).pow(2).mean()
        loss = loss_pde + args.w_ic * loss_ic
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}  wave {loss_pde.item():.4f}  v0 {loss_ic.item():.4f}  "
              f"f_peak {ring_frequency(pinn, args.t_max):.2f}")


if __name__ == "__main__":
    main()
