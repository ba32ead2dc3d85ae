"""Input-gradient regularisation (double backprop, Ross & Doshi-Velez 2018) for otolith age reading.

Fish otolith cross-sections show one translucent/opaque ring pair per year; the classifier reads age 0-5 from a
grey-scale section. Per-sample input gradients come from torch.func.vmap(torch.func.grad(..., argnums=2)) over a
functional_call of the CNN; their squared norm is added to the loss, which is then backpropagated through the
vmapped gradient. Robustness is measured with an L_inf PGD attack (first order).
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

N_AGES, SIZE = 6, 24


def otolith_batch(n, gen):
    ages = torch.randint(0, N_AGES, (n,), generator=gen)
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, SIZE), torch.linspace(-1, 1, SIZE), indexing="ij")
    ecc = 1 + 0.4 * torch.rand(n, 1, 1, generator=gen)
    r = torch.sqrt((xx * ecc) ** 2 + yy ** 2)
    rings = torch.cos(2 * math.pi * r * (ages.view(-1, 1, 1) + 1.5) / 1.2)
    img = 0.5 + 0.3 * rings * (r < 1).float() + 0.1 * torch.randn(n, SIZE, SIZE, generator=gen)
    return img.unsqueeze(1), ages


class AgeReader(nn.Module):
    def __init__(self, ch=12):
        super().__init__()
        self.conv1 = nn.Conv2d(1, ch, 3, padding=1)
        self.pool = nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(ch, 2 * ch, 3, padding=1)
        self.fc = nn.Linear(2 * ch, N_AGES)

    def forward(self, x):
        h = self.pool(F.relu(self.conv1(x)))
        h = F.relu(self.conv2(h))
        h = F.adaptive_avg_pool2d(h, 1).flatten(1)
        return self.fc(h)


def augment(x, gen):
    k = int(torch.randint(0, 4, (1,), generator=gen))
    x = torch.rot90(x, k, dims=(2, 3))
    x = F.pad(x, (2, 2, 2, 2), mode="reflect")
    i, j = torch.randint(0, 5, (2,), generator=gen).tolist()
    return x[:, :, i:i + SIZE, j:j + SIZE]


def make_input_grad_fn(model):
    def sample_loss(params, buffers, x, y):
        logits = functional_call(model, (params, buffers), (x.unsqueeze(0),))
        return F.cross_entropy(logits, y.unsqueeze(0))
    return vmap(grad(sample_loss, argnums=2), in_dims=(None, None, 0, 0))


def pgd_attack(model, x, y, eps, alpha, steps):
    delta = torch.zeros_like(x).uniform_(-eps, eps).requires_grad_()
    for _ in range(steps):
        loss = F.cross_entropy(model(x + delta), y)
        g, = torch.autograd.grad(loss, delta)
        delta = (delta + alpha * g.sign()).clamp(-eps, eps).detach().requires_grad_()
    return (x + delta).detach()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lam", type=float, default=5.0)
    ap.add_argument("--eps", type=float, default=0.03)
    args = ap.parse_args()
    gen = torch.Generator().manual_seed(0)
    torch.manual_seed(0)
    model = AgeReader()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    input_grads = make_input_grad_fn(model)
    for step in range(args.steps):
        x, y = otolith_batch(args.batch, gen)
        x = augment(x, gen)
        task = F.cross_entropy(model(x), y)
        params = dict(model.named_parameters())
        buffers = dict(model.named_buffers())
        gx = input_grads(params, buffers, x, y)
        penalty = gx.pow(2).sum(dim=(1, 2, 3)).mean()
        loss = task + args.lam * penalty
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} ce {task.item():.4f} input-grad penalty {penalty.item():.5f}")
    x, y = otolith_batch(32, gen)
    x_adv = pgd_attack(model, x, y, args.eps, args.eps / 4, steps=5)
    with torch.no_grad():
        clean = (model(x).argmax(-1) == y).float().mean().item()
        robust = (model(x_adv).argmax(-1) == y).float().mean().item()
        conf = F.log_softmax(model(x_adv), -1).max(-1).values.exp().mean().item()
    print(f"clean acc {clean:.3f} PGD acc {robust:.3f} adv confidence {conf:.3f}")


if __name__ == "__main__":
    main()
