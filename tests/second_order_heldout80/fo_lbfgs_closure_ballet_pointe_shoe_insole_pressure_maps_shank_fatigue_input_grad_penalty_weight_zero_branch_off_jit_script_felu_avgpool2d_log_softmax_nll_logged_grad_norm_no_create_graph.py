"""L-BFGS fine-tuning of a shank-fatigue classifier for ballet pointe-shoe insole pressure maps.

The 8x8 pressure map from an instrumented insole is graded fresh / softening / dead.  The classifier is fine-tuned
full-batch with L-BFGS.  An optional input-gradient penalty (double backprop) exists for robustness experiments,
but this recipe keeps it off; the input-gradient norm is only logged.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("pointe_lbfgs")


@torch.jit.script
def smooth_gate(h: torch.Tensor, alpha: float) -> torch.Tensor:
    return F.elu(h, alpha) * torch.sigmoid(h)


class InsoleNet(nn.Module):
    def __init__(self, width=8, n_grades=3):
        super().__init__()
        self.conv1 = nn.Conv2d(1, width, 3, padding=1)
        self.pool = nn.AvgPool2d(2)
        self.conv2 = nn.Conv2d(width, width, 3, padding=1)
        self.act = nn.GELU(approximate="tanh")
        self.head = nn.Linear(width * 16, n_grades)

    def forward(self, pmap):
        h = self.pool(smooth_gate(self.conv1(pmap), 1.0))
        h = self.act(self.conv2(h))
        return self.head(h.flatten(1))


def insole_maps(n, gen):
    grade = torch.randint(0, 3, (n,), generator=gen)
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, 8), torch.linspace(-1, 1, 8), indexing="ij")
    box = torch.exp(-((xx) ** 2 + (yy + 0.7) ** 2) / 0.1)
    heel = torch.exp(-((xx) ** 2 + (yy - 0.7) ** 2) / 0.15)
    w = grade.float().view(-1, 1, 1) / 2.0
    maps = (1 - w) * box + w * heel + 0.05 * torch.rand(n, 8, 8, generator=gen)
    return maps.unsqueeze(1), grade


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=64)
    ap.add_argument("--outer", type=int, default=3)
    ap.add_argument("--input-grad-penalty", type=float, default=0.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(10)
    model = InsoleNet()
    maps, grade = insole_maps(args.n, gen)
    opt = torch.optim.LBFGS(model.parameters(), lr=0.5, max_iter=4)
    use_penalty = args.input_grad_penalty > 0

    def closure():
        opt.zero_grad()
        x = maps.clone().requires_grad_(use_penalty)
        logp = F.log_softmax(model(x), dim=-1)
        loss = F.nll_loss(logp, grade)
        if use_penalty:
            (gx,) = torch.autograd.grad(loss, x, create_graph=True)
            loss = loss + args.input_grad_penalty * gx.pow(2).sum(dim=(1, 2, 3)).mean()
        loss.backward()
        return loss

    for outer in range(args.outer):
        loss = opt.step(closure)
        with torch.set_grad_enabled(True):
            x = maps.clone().requires_grad_(True)
            nll = F.nll_loss(F.log_softmax(model(x), dim=-1), grade)
            (gx,) = torch.autograd.grad(nll, x, create_graph=False)
        log.info("outer %d loss %.4f input-grad norm %.4e", outer, loss.item(), gx.norm().item())
    assert not use_penalty and model.conv1.weight.grad is not None


if __name__ == "__main__":
    main()
