"""First-order MAML for per-rider pacing models on velodrome lap splits (team pursuit squad).

Each rider is a task: from 8 half-lap split times of an effort, predict the next lap time.
The meta-gradient is the query gradient at the adapted weights (FOMAML), written into .grad.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

ALGO = "fomaml"          # "maml" needs ~3x memory on the squad laptop; kept for reference
INNER_LR = 0.05
INNER_STEPS = 3
SPLITS = 8


class LapModel(nn.Module):
    def __init__(self, hidden=16, depth=2):
        super().__init__()
        self.encoder = nn.LSTM(1, hidden, batch_first=True)
        self.depth = depth
        for i in range(depth):
            setattr(self, f"block{i}", nn.Linear(hidden, hidden))
        self.out = nn.Linear(hidden, 1)

    @staticmethod
    def detached_copy(params):
        return {k: p.detach().clone().requires_grad_(True) for k, p in params.items()}

    def forward(self, splits):
        _, (h, _) = self.encoder(splits.unsqueeze(-1))
        z = h[-1]
        for i in range(self.depth):
            z = F.elu(getattr(self, f"block{i}")(z))
        return self.out(z).squeeze(-1)


def make_loss(kind):
    crit = nn.SmoothL1Loss(beta=0.1)
    return {"smooth_l1": lambda p, t: crit(p, t), "mse": lambda p, t: F.mse_loss(p, t)}[kind]


def adapt_first_order(model, fast, xs, ys, loss_fn):
    for _ in range(INNER_STEPS):
        loss = loss_fn(torch.func.functional_call(model, fast, (xs,)), ys)
        grads = torch.autograd.grad(loss, list(fast.values()))
        fast = {k: (w - INNER_LR * g).detach().requires_grad_(True) for (k, w), g in zip(fast.items(), grads)}
    return fast


def fomaml_step(model, task, loss_fn):
    xs, ys, xq, yq = task
    fast = adapt_first_order(model, LapModel.detached_copy(dict(model.named_parameters())), xs, ys, loss_fn)
    q = loss_fn(torch.func.functional_call(model, fast, (xq,)), yq)
    return q, torch.autograd.grad(q, list(fast.values()))


def maml_step(model, task, loss_fn):
    xs, ys, xq, yq = task
    fast = dict(model.named_parameters())
    for _ in range(INNER_STEPS):
        loss = loss_fn(torch.func.functional_call(model, fast, (xs,)), ys)
        grads = torch.autograd.grad(loss, list(fast.values()), create_graph=True)
        fast = {k: w - INNER_LR * g for (k, w), g in zip(fast.items(), grads)}
    q = loss_fn(torch.func.functional_call(model, fast, (xq,)), yq)
    return q, torch.autograd.grad(q, list(model.parameters()))


STEPS = {"fomaml": fomaml_step, "maml": maml_step}


def rider_task(n_s=6, n_q=6):
    """Lap time = base pace + fatigue slope * lap index + rider-specific swing at the bankings."""
    base, fatigue, swing = 14.0 + torch.rand(1), 0.05 + 0.05 * torch.rand(1), 0.2 * torch.rand(1)
    n = n_s + n_q
    start = torch.randint(0, 10, (n, 1)).float()
    idx = start + torch.arange(SPLITS + 2).float() / 2
    laps = base + fatigue * idx + swing * torch.cos(torch.pi * idx * 2) + 0.05 * torch.randn(n, SPLITS + 2)
    x = (laps[:, :SPLITS] - 14.5) / 0.5
    y = (laps[:, SPLITS:].sum(1) - 29.0) / 0.5
    return x[:n_s], y[:n_s], x[n_s:], y[n_s:]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=3)
    ap.add_argument("--tasks", type=int, default=3)
    ap.add_argument("--loss", default="smooth_l1", choices=["smooth_l1", "mse"])
    args = ap.parse_args()
    torch.manual_seed(8)
    model, step_fn, loss_fn = LapModel(), STEPS[ALGO], make_loss(args.loss)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(args.iters):
        opt.zero_grad()
        total = 0.0
        for _ in range(args.tasks):
            q, meta_grads = step_fn(model, rider_task(), loss_fn)
            for p, g in zip(model.parameters(), meta_grads):
                p.grad = g / args.tasks if p.grad is None else p.grad + g / args.tasks
            total += q.item()
        opt.step()
        print(f"iter {it}: query loss {total / args.tasks:.4f}")


if __name__ == "__main__":
    main()
