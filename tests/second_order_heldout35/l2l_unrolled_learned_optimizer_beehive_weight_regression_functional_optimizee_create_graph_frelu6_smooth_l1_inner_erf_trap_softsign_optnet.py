"""Learning to learn: a small MLP optimiser trained by unrolling it on beehive-weight regression tasks.

The optimizee gradients are kept in the graph (create_graph=True), so the meta-loss is
differentiated through them (no first-order shortcut).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

UNROLL = 3
META_STEPS = 3


class MLPOptimizer(nn.Module):
    """Coordinate-wise update rule: (grad, param) -> step."""

    def __init__(self, hidden=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, hidden), nn.Softsign(), nn.Linear(hidden, 1))
        self.scale = nn.Parameter(torch.tensor(0.05))

    def forward(self, g, p):
        inp = torch.stack([g.reshape(-1), p.reshape(-1)], dim=1)
        return (self.scale * self.net(inp)).reshape(p.shape)


def init_optimizee(n_in, hidden):
    w1 = torch.randn(n_in, hidden) * 0.3
    w2 = torch.randn(hidden, 1) * 0.3
    return [w1.requires_grad_(True), torch.zeros(hidden, requires_grad=True), w2.requires_grad_(True)]


def optimizee_forward(params, x):
    w1, b1, w2 = params
    h = F.relu6(x @ w1 + b1)
    h = h + 0.1 * torch.erf(h)
    return h @ w2


def sample_task(n=24, n_in=5):
    coef = torch.randn(n_in, 1)
    x = torch.randn(n, n_in)
    return x, x @ coef + 0.1 * torch.randn(n, 1)


def unroll(opt_net, x, y):
    params = init_optimizee(x.shape[1], 12)
    meta_loss = 0.0
    for _ in range(UNROLL):
        loss = F.smooth_l1_loss(optimizee_forward(params, x), y, beta=0.5)
        grads = torch.autograd.grad(loss, params, create_graph=True)
        params = [p + opt_net(g, p) for p, g in zip(params, grads)]
        meta_loss = meta_loss + (optimizee_forward(params, x) - y).pow(2).mean()
    return meta_loss / UNROLL


def main():
    torch.manual_seed(0)
    opt_net = MLPOptimizer()
    meta_opt = torch.optim.Adam(opt_net.parameters(), lr=1e-3)
    for step in range(META_STEPS):
        x, y = sample_task()
        meta_loss = unroll(opt_net, x, y)
        meta_opt.zero_grad()
        meta_loss.backward()
        meta_opt.step()
        print(step, meta_loss.item())


if __name__ == "__main__":
    main()
