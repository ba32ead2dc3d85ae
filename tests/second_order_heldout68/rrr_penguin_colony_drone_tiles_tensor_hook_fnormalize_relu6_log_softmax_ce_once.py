"""'Right for the Right Reasons' training of a penguin-colony occupancy classifier on drone tiles (RGB + NIR).

Annotators marked snow-glare and guano-free rock regions that must not drive the prediction; the RRR term penalises
the input gradient of the summed log-probabilities inside those masks (Ross et al. 2017). A tensor hook on the
bottleneck rescales every sample's gradient to a fixed budget so that a few glare-heavy tiles cannot dominate the
backbone update.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("penguin_rrr")

CLASSES = ("empty_rock", "sparse_nesting", "dense_colony")


class BottleneckGradBudget:
    """Tensor hook: per-sample gradient at the bottleneck rescaled to norm `budget`."""

    def __init__(self, budget=1.0):
        self.budget = budget
        self.calls = 0

    def __call__(self, grad):
        self.calls += 1
        flat = F.normalize(grad.flatten(1), dim=1)
        return flat.view_as(grad) * self.budget


class ColonyNet(nn.Module):
    def __init__(self, in_ch=4, n_classes=len(CLASSES), grad_budget=None):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(in_ch, 16, 3, padding=1),
            nn.BatchNorm2d(16),
            nn.ReLU6(),
            nn.Conv2d(16, 32, 3, stride=2, padding=1),
            nn.BatchNorm2d(32),
            nn.SiLU(),
        )
        self.head = nn.Linear(32, n_classes)
        self.grad_hook = BottleneckGradBudget(grad_budget) if grad_budget else None

    def forward(self, x):
        feats = self.features(x)
        if self.grad_hook is not None and feats.requires_grad:
            feats.register_hook(self.grad_hook)
        return self.head(feats.mean(dim=(2, 3)))


def rrr_loss(model, x, y, annot, lam):
    x = x.clone().requires_grad_(True)
    logits = model(x)
    ce = F.cross_entropy(logits, y)
    log_probs = F.log_softmax(logits, dim=1)
    input_grad, = torch.autograd.grad(log_probs.sum(), x, create_graph=True)
    right_reasons = (annot * input_grad).pow(2).sum() / x.size(0)
    return ce + lam * right_reasons, ce.detach(), right_reasons.detach()


@torch.no_grad()
def drone_tiles(n, size=16):
    y = torch.randint(0, len(CLASSES), (n,))
    x = 0.1 * torch.randn(n, 4, size, size)
    density = y.float()[:, None, None] / 2.0
    nests = (torch.rand(n, size, size) < 0.15 * density).float()
    x[:, 0] += nests
    x[:, 3] -= 0.5 * nests
    glare = torch.zeros(n, 1, size, size)
    glare[:, :, :, : size // 4] = 1.0
    x = x + 2.0 * glare * torch.rand(n, 1, 1, 1)
    return x, y, glare.expand(-1, 4, -1, -1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=4)
    parser.add_argument("--batch", type=int, default=12)
    parser.add_argument("--rrr-lambda", type=float, default=10.0)
    parser.add_argument("--grad-budget", type=float, default=1.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    model = ColonyNet(grad_budget=args.grad_budget)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for step in range(args.steps):
        x, y, annot = drone_tiles(args.batch)
        model.train()
        loss, ce, rr = rrr_loss(model, x, y, annot, args.rrr_lambda)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        assert model.features[0].weight.grad is not None
        opt.step()
        log.info("step %d ce %.4f rrr %.5f hook calls %d", step, ce.item(), rr.item(), model.grad_hook.calls)

    model.eval()
    with torch.inference_mode():
        x, y, _ = drone_tiles(48)
        probs = F.softmax(model(x), dim=1)
        log.info("eval acc %.3f", (probs.argmax(1) == y).float().mean().item())


if __name__ == "__main__":
    main()
