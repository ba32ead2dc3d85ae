"""Meta-learning a loss function (ML3, Bechtle et al., 2021) for vanilla-bean curing curves.

Each task is one curing lot: beans are sweated and sun-dried for weeks and the moisture content
is weighed every few days.  A learned loss M_phi(pred, target) is meta-trained so that one
gradient step on it, from a random initialisation, fits the lot well; at meta-test time the
frozen loss trains fresh regressors.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

LOSS_NET_KIND = "mlp"          # "mlp" | "quadratic"
HIDDEN = 32
INNER_LR = 0.1
META_LR = 1e-3
META_ITERS = 5
TASKS_PER_ITER = 4
POINTS_PER_LOT = 24
TEST_STEPS = 20
SEED = 4


class CuringRegressor(nn.Module):
    """(day, sweat cycles, mean humidity) -> moisture fraction."""

    def __init__(self, hidden=HIDDEN):
        super().__init__()
        self.fc1 = nn.Linear(3, hidden)
        self.act1 = nn.ReLU6()
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.act1(self.fc1(x))
        return self.fc3(torch.tanh(self.fc2(h)))


class LearnedLoss(nn.Module):
    def __init__(self, hidden=HIDDEN):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(3, hidden), nn.Hardswish(),
            nn.Linear(hidden, hidden), nn.Softsign(),
            nn.Linear(hidden, 1),
        )

    def forward(self, pred, target):
        feats = torch.cat([pred, target, pred - target], dim=-1)
        return F.softplus(self.net(feats)).mean()


class QuadraticFormLoss(nn.Module):
    """Ablation from the paper's appendix: a learned PSD form on shrunk residuals."""

    def __init__(self):
        super().__init__()
        self.L = nn.Parameter(torch.eye(1))

    def forward(self, pred, target):
        r = F.softshrink(pred - target, lambd=0.01)
        return ((r @ self.L) ** 2).sum(-1).mean()


def curing_lot(gen):
    k = 0.05 + 0.1 * torch.rand(1, generator=gen)
    m0, m_inf = 0.6 + 0.2 * torch.rand(1, generator=gen), 0.25 + 0.05 * torch.rand(1, generator=gen)
    day = torch.rand(POINTS_PER_LOT, 1, generator=gen) * 40
    sweat = torch.clamp(day / 7, max=4).floor()
    humid = 0.6 + 0.1 * torch.randn(POINTS_PER_LOT, 1, generator=gen)
    moist = m_inf + (m0 - m_inf) * torch.exp(-k * day) * (1 + 0.3 * (humid - 0.6))
    x = torch.cat([day / 40, sweat / 4, humid], dim=-1)
    return x, moist + 0.01 * torch.randn(moist.shape, generator=gen)


def inner_step(model, params, loss_fn, x, y, create_graph=True):
    pred = functional_call(model, params, (x,))
    grads = torch.autograd.grad(loss_fn(pred, y), tuple(params.values()), create_graph=create_graph)
    return {k: p - INNER_LR * g for (k, p), g in zip(params.items(), grads)}


def meta_train(loss_fn, gen):
    opt = torch.optim.Adam(loss_fn.parameters(), lr=META_LR)
    for it in range(META_ITERS):
        opt.zero_grad()
        total = 0.0
        for _ in range(TASKS_PER_ITER):
            model = CuringRegressor()
            params = {k: v.detach().requires_grad_() for k, v in model.named_parameters()}
            x, y = curing_lot(gen)
            fast = inner_step(model, params, loss_fn, x, y)
            task = F.smooth_l1_loss(functional_call(model, fast, (x,)), y, beta=0.02)
            (task / TASKS_PER_ITER).backward()
            total += task.item() / TASKS_PER_ITER
        opt.step()
        print(f"meta-iter {it} post-update task loss {total:.5f}")


def meta_test(loss_fn, gen):
    loss_fn.requires_grad_(False)
    model = CuringRegressor()
    opt = torch.optim.SGD(model.parameters(), lr=INNER_LR)
    x, y = curing_lot(gen)
    for _ in range(TEST_STEPS):
        opt.zero_grad()
        loss_fn(model(x), y).backward()
        opt.step()
    with torch.no_grad():
        return (model(x) - y).abs().mean().item()


def main():
    torch.manual_seed(SEED)
    gen = torch.Generator().manual_seed(SEED)
    loss_fn = LearnedLoss() if LOSS_NET_KIND == "mlp" else QuadraticFormLoss()
    meta_train(loss_fn, gen)
    print(f"meta-test MAE with the frozen learned loss: {meta_test(loss_fn, gen):.4f}")


if __name__ == "__main__":
    main()
