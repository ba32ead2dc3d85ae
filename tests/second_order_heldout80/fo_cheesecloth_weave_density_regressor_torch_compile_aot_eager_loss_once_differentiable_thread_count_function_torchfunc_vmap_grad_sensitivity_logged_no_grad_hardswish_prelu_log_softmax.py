"""Thread-density regressor for cheesecloth grades from backlit weave images, with a compiled loss.

The grade (#10 ... #90) is regressed from a 12x12 backlit patch.  A custom autograd.Function turns the fine
intensity profile into a soft thread count (its backward is marked once_differentiable: it is never differentiated
again).  Per-patch input sensitivities d(density)/d(pixel) are computed with torch.func (vmap over grad of a
functional_call on a detached parameter dict) and only logged.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.function import once_differentiable
from torch.func import functional_call, grad, vmap

log = logging.getLogger("cheesecloth")


class SoftThreadCount(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(profile, sharpness):
        s = torch.sigmoid(sharpness * (profile - profile.mean(-1, keepdim=True)))
        return (s[..., 1:] - s[..., :-1]).abs().sum(-1, keepdim=True), s

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(output[1])
        ctx.sharpness = inputs[1]
        ctx.mark_non_differentiable(output[1])

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_out, _grad_s):
        (s,) = ctx.saved_tensors
        ds = torch.zeros_like(s)
        sign = torch.sign(s[..., 1:] - s[..., :-1])
        ds[..., 1:] += sign
        ds[..., :-1] -= sign
        dprofile = grad_out * ds * ctx.sharpness * s * (1 - s)
        return dprofile - dprofile.mean(-1, keepdim=True), None


class WeaveNet(nn.Module):
    def __init__(self, width=8):
        super().__init__()
        self.conv = nn.Conv2d(1, width, 3, padding=1)
        self.act = nn.Hardswish()
        self.mix = nn.Linear(width * 144 + 1, 32)
        self.act2 = nn.PReLU()
        self.out = nn.Linear(32, 1)
        self.grade_logits = nn.Linear(32, 5)

    def forward(self, patch):
        count, _ = SoftThreadCount.apply(patch.mean(-2).squeeze(1), 4.0)
        h = self.act(self.conv(patch)).flatten(1)
        h = self.act2(self.mix(torch.cat([h, count], 1)))
        return self.out(h).squeeze(1), self.grade_logits(h)


@torch.compile(backend="aot_eager")
def weave_loss(density, target, logits, grade_idx):
    reg = F.mse_loss(density, target)
    cls = F.nll_loss(F.log_softmax(logits, dim=-1), grade_idx)
    return reg + 0.2 * cls


def patches(n, gen):
    grade_idx = torch.randint(0, 5, (n,), generator=gen)
    threads = 4 + 2 * grade_idx.float()
    x = torch.linspace(0, 6.28, 12)
    rows = torch.sin(threads.view(-1, 1) * x.view(1, -1) / 2).clamp(min=0)
    img = rows.unsqueeze(1) * rows.unsqueeze(2) + 0.05 * torch.rand(n, 12, 12, generator=gen)
    return img.unsqueeze(1), threads / 12.0, grade_idx


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--batch", type=int, default=16)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(11)
    model = WeaveNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(args.steps):
        img, target, grade_idx = patches(args.batch, gen)
        density, logits = model(img)
        loss = weave_loss(density, target, logits, grade_idx)
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            params = {k: v.detach() for k, v in model.named_parameters()}
            dens_fn = lambda p, x: functional_call(model, p, (x.unsqueeze(0),))[0][0]
            sens = vmap(grad(dens_fn, argnums=1), in_dims=(None, 0))(params, img[:4])
        log.info("step %d loss %.4f mean |d density/d pixel| %.3e", step, loss.item(), sens.abs().mean().item())
    assert not sens.requires_grad


if __name__ == "__main__":
    main()
