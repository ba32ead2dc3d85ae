"""PGD adversarial training for a lobster-trap camera classifier (first order only).

Cameras inside research lobster traps take crops of whatever enters: American lobster
(legal size), short lobster, crab, fish, empty. Underwater turbidity and compression artefacts
make the classifier brittle, so it is trained on L-inf PGD examples (Madry et al.). The input
gradient is used only to build the perturbation; gradient norms (parameters and input) are
logged after backward for monitoring.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_block(cin, cout, act):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), act)


class TrapCamNet(nn.Module):
    def __init__(self, n_classes=5, width=16):
        super().__init__()
        self.features = nn.Sequential(
            conv_block(3, width, nn.GELU(approximate="tanh")),
            nn.AvgPool2d(2),
            conv_block(width, 2 * width, nn.ReLU6()),
            nn.AvgPool2d(2),
        )
        self.head = nn.Linear(2 * width, n_classes)

    def forward(self, x):
        return self.head(self.features(x).mean(dim=(2, 3)))


def pgd_attack(model, x, y, eps, alpha, steps):
    was_training = model.training
    model.eval()
    delta = torch.empty_like(x).uniform_(-eps, eps)
    for _ in range(steps):
        delta.requires_grad_(True)
        loss = F.cross_entropy(model((x + delta).clamp(0, 1)), y)
        (g,) = torch.autograd.grad(loss, delta)
        with torch.no_grad():
            delta = (delta + alpha * g.sign()).clamp(-eps, eps)
    model.train(was_training)
    return (x + delta).clamp(0, 1).detach()


def grad_norms(model, x_adv):
    param_norm = torch.sqrt(sum(p.grad.pow(2).sum() for p in model.parameters() if p.grad is not None))
    input_norm = x_adv.grad.flatten(1).norm(dim=1).mean()
    return param_norm.item(), input_norm.item()


def trap_crops(n, gen):
    y = torch.randint(0, 5, (n,), generator=gen)
    x = 0.3 + 0.1 * torch.randn(n, 3, 24, 24, generator=gen)
    x[:, 0] += 0.08 * y[:, None, None].float()
    return x.clamp(0, 1), y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--eps", type=float, default=4 / 255)
    ap.add_argument("--alpha", type=float, default=1 / 255)
    ap.add_argument("--pgd-steps", type=int, default=3)
    ap.add_argument("--steps", type=int, default=4)
    args = ap.parse_args()
    gen = torch.Generator().manual_seed(41)
    model = TrapCamNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, nesterov=True)
    for step in range(args.steps):
        x, y = trap_crops(16, gen)
        x_adv = pgd_attack(model, x, y, args.eps, args.alpha, args.pgd_steps).requires_grad_(True)
        loss = F.cross_entropy(model(x_adv), y)
        opt.zero_grad()
        loss.backward()
        pnorm, xnorm = grad_norms(model, x_adv)
        torch.nn.utils.clip_grad_norm_(model.parameters(), 10.0)
        opt.step()
        print(f"step {step} adv_ce {loss.item():.3f} |grad_w| {pnorm:.3f} |grad_x| {xnorm:.4f}")


if __name__ == "__main__":
    main()
