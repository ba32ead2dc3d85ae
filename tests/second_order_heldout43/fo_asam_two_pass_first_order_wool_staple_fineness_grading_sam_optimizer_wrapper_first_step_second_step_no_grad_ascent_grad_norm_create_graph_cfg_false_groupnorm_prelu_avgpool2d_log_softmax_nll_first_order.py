"""Adaptive SAM (Kwon et al., 2021) for a wool-staple fineness grader -- the usual first-order SAM.

Backlit photos of wool staples are graded into four fibre-fineness classes (superfine / fine /
medium / strong).  ASAM perturbs the weights along the element-wise rescaled gradient,

    e_w = rho * T_w^2 g / ||T_w g||,    T_w = |w|,

and takes the gradient at w + e_w to update w.  Both gradients are plain first-order backward
passes; e_w is applied in place under torch.no_grad, so no second derivative is ever formed.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "rho": 0.5,
    "adaptive": True,
    "ascent_create_graph": False,   # SAM's first-order approximation: d e_w / d w is ignored
    "lr": 0.05,
    "width": 8,
}


class StapleNet(nn.Module):
    def __init__(self, width, n_classes=4):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, width, 3, padding=1), nn.GroupNorm(2, width), nn.PReLU(width), nn.AvgPool2d(2),
            nn.Conv2d(width, 2 * width, 3, padding=1), nn.GroupNorm(2, 2 * width), nn.PReLU(2 * width),
        )
        self.fc = nn.Linear(2 * width, n_classes)

    def forward(self, x):
        return F.log_softmax(self.fc(self.body(x).mean(dim=(2, 3))), dim=1)


class ASAM(torch.optim.Optimizer):
    def __init__(self, params, base_optimizer, rho=0.5, adaptive=True, **kwargs):
        super().__init__(params, dict(rho=rho, adaptive=adaptive, **kwargs))
        self.base_optimizer = base_optimizer(self.param_groups, **kwargs)
        self.param_groups = self.base_optimizer.param_groups

    def ascent_gradients(self, loss, create_graph):
        params = [p for g in self.param_groups for p in g["params"] if p.requires_grad]
        grads = torch.autograd.grad(loss, params, create_graph=create_graph)
        for p, g in zip(params, grads):
            p.grad = g
        return loss.detach()

    @torch.no_grad()
    def _grad_norm(self):
        norms = [((torch.abs(p) if g["adaptive"] else 1.0) * p.grad).norm(2)
                 for g in self.param_groups for p in g["params"] if p.grad is not None]
        return torch.norm(torch.stack(norms), 2)

    @torch.no_grad()
    def first_step(self):
        scale_base = self._grad_norm() + 1e-12
        for group in self.param_groups:
            scale = group["rho"] / scale_base
            for p in group["params"]:
                if p.grad is None:
                    continue
                e_w = (torch.pow(p, 2) if group["adaptive"] else 1.0) * p.grad * scale
                p.add_(e_w)
                self.state[p]["e_w"] = e_w

    @torch.no_grad()
    def second_step(self):
        for group in self.param_groups:
            for p in group["params"]:
                if "e_w" in self.state[p]:
                    p.sub_(self.state[p].pop("e_w"))
        self.base_optimizer.step()


def synth_staples(n, g, size=16):
    grade = torch.randint(0, 4, (n,), generator=g)
    freq = 1.0 + grade.float()
    xs = torch.arange(size).float()
    crimp = torch.sin(xs[None, :] * freq[:, None] * 0.4)[:, None, None, :].expand(n, 1, size, size)
    return crimp + 0.1 * torch.randn(n, 1, size, size, generator=g), grade


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--batch", type=int, default=16)
    args = ap.parse_args()

    torch.manual_seed(0)
    g = torch.Generator().manual_seed(2)
    x, y = synth_staples(64, g)
    model = StapleNet(CFG["width"])
    opt = ASAM(model.parameters(), torch.optim.SGD, rho=CFG["rho"], adaptive=CFG["adaptive"], lr=CFG["lr"],
               momentum=0.9)

    for step in range(args.steps):
        idx = torch.randint(0, x.shape[0], (args.batch,), generator=g)
        xb, yb = x[idx], y[idx]
        loss = opt.ascent_gradients(F.nll_loss(model(xb), yb), CFG["ascent_create_graph"])
        opt.first_step()
        opt.zero_grad()
        perturbed = F.nll_loss(model(xb), yb)
        perturbed.backward()
        opt.second_step()
        opt.zero_grad()
        print(f"step {step} loss {loss.item():.4f} loss@w+e {perturbed.item():.4f}")


if __name__ == "__main__":
    main()
