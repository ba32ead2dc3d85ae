"""First-order MAML for per-region crop-yield regression.

The inner-loop gradients are detached before the fast weights are formed (FOMAML), so the outer update uses the
query gradient at the adapted weights only.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

INNER_LR = 0.1
INNER_STEPS = 2
META_BATCH = 4


class YieldNet(nn.Module):
    def __init__(self, d_in=5, hidden=32, bins=6):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d_in, hidden), nn.SELU(), nn.Linear(hidden, hidden), nn.SELU())
        self.bins = nn.Linear(hidden, bins)

    def forward(self, x):
        return F.log_softmax(self.bins(self.body(x)), dim=-1)


def region_task(n=20, bins=6):
    shift = torch.randn(1, 5)
    x = torch.randn(2 * n, 5) + shift
    centre = (x[:, 0] - x[:, 2]).tanh() * 2.5 + 2.5
    target = torch.softmax(-(torch.arange(bins).float() - centre[:, None]) ** 2, dim=-1)
    return (x[:n], target[:n]), (x[n:], target[n:])


def adapt(model, support):
    params = {k: v for k, v in model.named_parameters()}
    xs, ys = support
    for _ in range(INNER_STEPS):
        loss = F.kl_div(functional_call(model, params, (xs,)), ys, reduction="batchmean")
        grads = torch.autograd.grad(loss, list(params.values()))
        params = {k: v - INNER_LR * g.detach() for (k, v), g in zip(params.items(), grads)}
    return params


def main():
    torch.manual_seed(13)
    model = YieldNet()
    meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(6):
        meta_opt.zero_grad()
        total = 0.0
        for _ in range(META_BATCH):
            support, (xq, yq) = region_task()
            fast = adapt(model, support)
            q_loss = F.kl_div(functional_call(model, fast, (xq,)), yq, reduction="batchmean")
            (q_loss / META_BATCH).backward()
            total += q_loss.item()
        meta_opt.step()
        print(f"it {it} query kl {total / META_BATCH:.4f}")


if __name__ == "__main__":
    main()
