"""Physics-informed value function for a stochastic inventory-control problem (Hamilton-Jacobi-Bellman).

V(t, s) with s = (stock, backlog). HJB residual:
    V_t + min_u [ c(s, u) + grad_s V . f(s, u) ] + 0.5 * sigma^2 * Laplacian_s V = 0
with the minimising order rate u* = clamp(-grad_stock V / (2 * k_order), 0, u_max) in closed form.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

SIGMA = 0.3
K_ORDER = 0.5
U_MAX = 2.0
HOLD, SHORT = 0.2, 1.0


class ValueNet(nn.Module):
    def __init__(self, hidden=24):
        super().__init__()
        self.inp = nn.Linear(3, hidden)
        self.act = nn.SELU()
        self.mid = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, t, s):
        h = self.act(self.inp(torch.cat([t, s], dim=1)))
        h = F.silu(self.mid(h))
        return self.out(h)


def running_cost(s, u):
    stock, backlog = s[:, :1], s[:, 1:]
    return HOLD * F.relu(stock) + SHORT * backlog.abs() + K_ORDER * u ** 2


def hjb_residual(model, t, s):
    t = t.requires_grad_(True)
    s = s.requires_grad_(True)
    v = model(t, s)
    v_t, v_s = torch.autograd.grad(v.sum(), (t, s), create_graph=True)
    lap = 0.0
    for k in range(s.shape[1]):
        v_ss = torch.autograd.grad(v_s[:, k].sum(), s, create_graph=True)[0][:, k:k + 1]
        lap = lap + v_ss
    u = torch.clamp(-v_s[:, :1] / (2 * K_ORDER), 0.0, U_MAX)
    demand = 1.0
    drift = torch.cat([u - demand, demand - u], dim=1)
    ham = running_cost(s, u) + (v_s * drift).sum(1, keepdim=True)
    return v_t + ham + 0.5 * SIGMA ** 2 * lap


def terminal_loss(model, s):
    t1 = torch.ones(s.size(0), 1)
    target = HOLD * F.relu(s[:, :1]) + SHORT * s[:, 1:].abs()
    return F.mse_loss(model(t1, s), target)


def main(iters=4):
    torch.manual_seed(2)
    model = ValueNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(iters):
        t = torch.rand(32, 1)
        s = torch.randn(32, 2)
        pde = hjb_residual(model, t, s).pow(2).mean()
        loss = pde + terminal_loss(model, torch.randn(16, 2))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it}: pde={pde.item():.4f} total={loss.item():.4f}")


if __name__ == "__main__":
    main()
