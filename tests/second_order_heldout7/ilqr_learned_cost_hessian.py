"""iLQR on a learned model: a dynamics network x' = f(x, u) and a learned cost c(x, u) fitted from
demonstrations (inverse-RL style). The backward pass linearises the dynamics (Jacobians only) and
quadratises the cost with exact Hessians from torch.autograd.functional."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hessian, jacobian


class Dynamics(nn.Module):
    def __init__(self, nx=4, nu=1, h=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(nx + nu, h), nn.PReLU(), nn.Linear(h, h), nn.PReLU(), nn.Linear(h, nx))

    def forward(self, x, u):
        return x + self.net(torch.cat([x, u], -1))


class LearnedCost(nn.Module):
    def __init__(self, nx=4, nu=1, h=32):
        super().__init__()
        self.feat = nn.Sequential(nn.Linear(nx, h), nn.Tanh(), nn.Linear(h, h))
        self.register_buffer("goal_feat", torch.zeros(h))
        self.log_r = nn.Parameter(torch.zeros(nu))

    def forward(self, x, u):
        track = F.smooth_l1_loss(self.feat(x), self.goal_feat, reduction="sum", beta=0.5)
        return track + (self.log_r.exp() * u.pow(2)).sum()


@torch.no_grad()
def rollout(dyn, x0, us):
    xs = [x0]
    for u in us:
        xs.append(dyn(xs[-1], u))
    return xs


def ilqr(dyn, cost, x0, us, iters=10, reg=1e-3):
    nx, nu = x0.numel(), us[0].numel()
    for _ in range(iters):
        xs = rollout(dyn, x0, us)
        Vx, Vxx = torch.zeros(nx), torch.zeros(nx, nx)
        ks, Ks = [], []
        for t in reversed(range(len(us))):
            x, u = xs[t], us[t]
            fx, fu = jacobian(lambda a, b: dyn(a, b), (x, u))
            lx, lu = torch.autograd.grad(cost(x.requires_grad_(), u.requires_grad_()), (x, u))
            (lxx, lxu), (_, luu) = hessian(lambda a, b: cost(a, b), (x.detach(), u.detach()))
            Qx, Qu = lx + fx.T @ Vx, lu + fu.T @ Vx
            Qxx, Quu = lxx + fx.T @ Vxx @ fx, luu + fu.T @ Vxx @ fu + reg * torch.eye(nu)
            Qux = lxu.T + fu.T @ Vxx @ fx
            k, K = -torch.linalg.solve(Quu, Qu), -torch.linalg.solve(Quu, Qux)
            Vx, Vxx = Qx + K.T @ Quu @ k + K.T @ Qu + Qux.T @ k, Qxx + K.T @ Quu @ K + K.T @ Qux + Qux.T @ K
            ks.insert(0, k)
            Ks.insert(0, K)
        x, new_us = x0, []
        for t, u in enumerate(us):
            du = ks[t] + Ks[t] @ (x - xs[t])
            new_us.append((u + du).detach())
            with torch.no_grad():
                x = dyn(x, new_us[-1])
        us = new_us
    return us


def fit_models(dyn, cost, transitions, demos, epochs=50):
    opt = torch.optim.Adam(list(dyn.parameters()) + list(cost.parameters()), lr=1e-3)
    for _ in range(epochs):
        for (x, u, x_next), (xd, ud) in zip(transitions, demos):
            model_loss = F.mse_loss(dyn(x, u), x_next)
            margin = cost(xd, ud) - cost(xd, ud + 0.5 * torch.randn_like(ud))
            loss = model_loss + F.relu(margin + 1.0)
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    dyn, cost = Dynamics(), LearnedCost()
    fit_models(dyn, cost, [(torch.randn(4), torch.randn(1), torch.randn(4))], [(torch.randn(4), torch.randn(1))], epochs=1)
    print(len(ilqr(dyn, cost, torch.randn(4), [torch.zeros(1) for _ in range(3)], iters=1)))
