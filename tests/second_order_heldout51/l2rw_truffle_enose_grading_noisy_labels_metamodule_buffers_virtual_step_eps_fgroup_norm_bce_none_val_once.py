"""Learning to reweight examples (Ren et al., 2018) for truffle grading from an electronic nose.

Labels of the large training pool come from quick sniff tests by dog handlers (noisy); a small,
clean validation set was graded in the lab by GC-MS.  Each step takes a virtual SGD step on a
copy of the network with per-example weights eps, measures the clean loss, and sets the
example weights from the gradient w.r.t. eps.
Layers follow the original code: weights live in buffers so the virtual step can overwrite them.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


class MetaModule(nn.Module):
    def meta_named_params(self):
        for mname, mod in self.named_modules():
            for pname in getattr(mod, "_meta_names", ()):
                yield f"{mname}.{pname}", mod, pname

    def meta_params(self):
        return [getattr(mod, pname) for _, mod, pname in self.meta_named_params()]

    def update_params(self, lr, grads):
        for (_, mod, pname), g in zip(list(self.meta_named_params()), grads):
            setattr(mod, pname, getattr(mod, pname) - lr * g)

    def copy_from(self, other):
        for (_, mod, pname), src in zip(list(self.meta_named_params()), other.meta_params()):
            setattr(mod, pname, src.detach().clone().requires_grad_(True))


class MetaLinear(MetaModule):
    _meta_names = ("weight", "bias")

    def __init__(self, fan_in, fan_out):
        super().__init__()
        ref = nn.Linear(fan_in, fan_out)
        self.register_buffer("weight", ref.weight.data.clone().requires_grad_(True))
        self.register_buffer("bias", ref.bias.data.clone().requires_grad_(True))

    def forward(self, x):
        return F.linear(x, self.weight, self.bias)


class MetaGroupNorm(MetaModule):
    _meta_names = ("weight", "bias")

    def __init__(self, groups, channels):
        super().__init__()
        self.groups = groups
        self.register_buffer("weight", torch.ones(channels, requires_grad=True))
        self.register_buffer("bias", torch.zeros(channels, requires_grad=True))

    def forward(self, x):
        return F.group_norm(x, self.groups, self.weight, self.bias)


class BaselineDriftCompensator(nn.Module):
    """Per-sensor drift model used in the 2019 campaign (kept for reference)."""

    def __init__(self, sensors):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(sensors, sensors), nn.Hardswish(), nn.Linear(sensors, sensors))

    def forward(self, x):
        return x - self.net(x)


class ENoseNet(MetaModule):
    def __init__(self, n_in, hidden=64):
        super().__init__()
        self.fc1, self.gn1 = MetaLinear(n_in, hidden), MetaGroupNorm(8, hidden)
        self.fc2, self.gn2 = MetaLinear(hidden, hidden), MetaGroupNorm(8, hidden)
        self.out = MetaLinear(hidden, 1)

    def forward(self, x):
        h = F.silu(self.gn1(self.fc1(x)))
        h = F.silu(self.gn2(self.fc2(h)))
        return self.out(h).squeeze(-1)


def sniff_batch(n, n_sensors, noise_rate, gen):
    """Sensor responses (amplitude, rise, decay per MOX sensor); grade A vs. B from a hidden profile."""
    x = torch.randn(n, n_sensors, generator=gen)
    profile = torch.linspace(-1, 1, n_sensors)
    y = ((x * profile).sum(1) > 0).float()
    flip = torch.rand(n, generator=gen) < noise_rate
    y_noisy = torch.where(flip, 1 - y, y)
    x = F.normalize(x, dim=1) * n_sensors ** 0.5
    return x, y_noisy


def reweight(net, x, y, x_val, y_val, lr):
    meta_net = ENoseNet(x.shape[1])
    meta_net.copy_from(net)
    cost = F.binary_cross_entropy_with_logits(meta_net(x), y, reduction="none")
    eps = torch.zeros_like(cost, requires_grad=True)
    l_f_meta = (cost * eps).sum()
    grads = torch.autograd.grad(l_f_meta, meta_net.meta_params(), create_graph=True)
    meta_net.update_params(lr, grads)
    l_g_meta = F.binary_cross_entropy_with_logits(meta_net(x_val), y_val)
    grad_eps = torch.autograd.grad(l_g_meta, eps)[0]
    w = torch.clamp(-grad_eps, min=0)
    norm = w.sum()
    return w / norm if norm > 0 else w


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sensors", type=int, default=32)
    ap.add_argument("--batch", type=int, default=48)
    ap.add_argument("--val", type=int, default=24)
    ap.add_argument("--noise", type=float, default=0.35)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--steps", type=int, default=5)
    args = ap.parse_args()

    gen = torch.Generator().manual_seed(5)
    net = ENoseNet(args.sensors)
    opt = torch.optim.SGD(net.meta_params(), lr=args.lr, momentum=0.9)
    x_val, y_val = sniff_batch(args.val, args.sensors, 0.0, gen)

    for step in range(args.steps):
        x, y = sniff_batch(args.batch, args.sensors, args.noise, gen)
        w = reweight(net, x, y, x_val, y_val, args.lr)
        cost = F.binary_cross_entropy_with_logits(net(x), y, reduction="none")
        loss = (cost * w).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            acc = ((torch.sigmoid(net(x_val)) > 0.5).float() == y_val).float().mean().item()
        print(f"step {step} weighted loss {loss.item():.4f} kept {int((w > 0).sum())}/{len(w)} val acc {acc:.3f}")


if __name__ == "__main__":
    main()
