"""Tiny ViT on CIFAR-sized inputs trained with AdaHessian (Yao et al. 2021): the Hessian diagonal is estimated
with Rademacher probes, Hz = d(g . z)/dw with g = dL/dw taken with create_graph=True, then spatially averaged."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, dim, heads, mlp_ratio=2):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, dim * mlp_ratio), nn.SiLU(), nn.Linear(dim * mlp_ratio, dim))

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h)[0]
        return x + self.mlp(self.norm2(x))


class TinyViT(nn.Module):
    def __init__(self, img=32, patch=4, dim=64, depth=4, heads=4, n_classes=10):
        super().__init__()
        self.patchify = nn.Conv2d(3, dim, patch, stride=patch)
        self.cls = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos = nn.Parameter(0.02 * torch.randn(1, (img // patch) ** 2 + 1, dim))
        self.blocks = nn.Sequential(*[Block(dim, heads) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, n_classes)

    def forward(self, x):
        x = self.patchify(x).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(x.size(0), -1, -1), x], dim=1) + self.pos
        return self.head(self.norm(self.blocks(x))[:, 0])


class AdaHessian(torch.optim.Optimizer):
    def __init__(self, params, lr=0.15, betas=(0.9, 0.999), eps=1e-4, weight_decay=5e-4, hessian_power=1.0):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, hessian_power=hessian_power))

    def _params(self):
        return [p for g in self.param_groups for p in g["params"] if p.grad is not None]

    @torch.no_grad()
    def set_hessian(self):
        params = self._params()
        zs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
        with torch.enable_grad():
            hzs = torch.autograd.grad([p.grad for p in params], params, grad_outputs=zs, retain_graph=False)
        for p, hz, z in zip(params, hzs, zs):
            h = (hz * z).abs()
            if p.dim() == 4:
                h = h.mean(dim=[2, 3], keepdim=True).expand_as(p)
            p.hess = h

    @torch.no_grad()
    def step(self):
        self.set_hessian()
        for group in self.param_groups:
            b1, b2 = group["betas"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                st = self.state[p]
                if not st:
                    st["step"], st["m"], st["v"] = 0, torch.zeros_like(p), torch.zeros_like(p)
                st["step"] += 1
                st["m"].mul_(b1).add_(p.grad.detach() + group["weight_decay"] * p, alpha=1 - b1)
                st["v"].mul_(b2).addcmul_(p.hess, p.hess, value=1 - b2)
                denom = ((st["v"] / (1 - b2 ** st["step"])).sqrt() ** group["hessian_power"]).add_(group["eps"])
                p.addcdiv_(st["m"] / (1 - b1 ** st["step"]), denom, value=-group["lr"])


def train_epoch(model, loader, opt):
    model.train()
    for images, labels in loader:
        loss = F.cross_entropy(model(images), labels, label_smoothing=0.1)
        opt.zero_grad()
        loss.backward(create_graph=True)
        opt.step()


if __name__ == "__main__":
    torch.manual_seed(0)
    vit = TinyViT(depth=2)
    train_epoch(vit, [(torch.randn(4, 3, 32, 32), torch.randint(0, 10, (4,)))], AdaHessian(vit.parameters()))
    print("ok")
