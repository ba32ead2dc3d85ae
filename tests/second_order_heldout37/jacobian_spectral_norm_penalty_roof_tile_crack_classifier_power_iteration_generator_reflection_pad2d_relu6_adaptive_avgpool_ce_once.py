"""Roof-tile crack classifier regularised by the spectral norm of its input-output Jacobian.

The top singular pair is tracked by power iteration (J v by finite differences, J^T u by autograd);
the last step yields sigma = |J^T u| with create_graph=True so that sigma^2 is trained through.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TileNet(nn.Module):
    def __init__(self, n_classes=3, width=8):
        super().__init__()
        self.stem = nn.Sequential(nn.ReflectionPad2d(1), nn.Conv2d(1, width, 3), nn.ReLU6())
        self.block = nn.Sequential(nn.Conv2d(width, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU6())
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.head = nn.Linear(width, n_classes)

    def forward(self, x):
        h = self.block(self.stem(x))
        return self.head(self.pool(h).flatten(1))


def spectral_power_iteration(model, x, n_iter=3, fd_eps=1e-3):
    """Yields the running estimate of sigma_max(J); the final yield is differentiable."""
    x = x.detach().requires_grad_(True)
    logits = model(x)
    u = torch.randn_like(logits)
    u = u / u.norm(dim=1, keepdim=True)
    for it in range(n_iter):
        last = it == n_iter - 1
        (jt_u,) = torch.autograd.grad(logits, x, grad_outputs=u, create_graph=last, retain_graph=True)
        sigma = jt_u.flatten(1).norm(dim=1)
        if last:
            yield sigma
            return
        v = (jt_u / (sigma.view(-1, 1, 1, 1) + 1e-12)).detach()
        with torch.no_grad():
            jv = (model(x + fd_eps * v) - logits) / fd_eps
            u = jv / (jv.norm(dim=1, keepdim=True) + 1e-12)
        yield sigma.detach()


def jacobian_penalty(model, x, n_iter=3):
    estimates = list(spectral_power_iteration(model, x, n_iter))
    return estimates[-1].pow(2).mean()


def synthetic_tiles(n=16):
    imgs = torch.rand(n, 1, 12, 12) * 0.2
    labels = torch.randint(0, 3, (n,))
    for i, c in enumerate(labels.tolist()):
        if c == 1:
            imgs[i, 0, 6, :] += 0.8
        elif c == 2:
            imgs[i, 0, :, 5] += 0.8
    return imgs, labels


def train(epochs=3, lam=0.05):
    torch.manual_seed(4)
    model = TileNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(epochs):
        x, y = synthetic_tiles()
        model.train()
        ce = F.cross_entropy(model(x), y)
        pen = jacobian_penalty(model, x)
        loss = ce + lam * pen
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch} ce {ce.item():.3f} sigma^2 {pen.item():.3f}")


if __name__ == "__main__":
    train()
