"""Deep equilibrium image classifier trained with implicit differentiation (Bai et al. 2019):
the forward pass finds z* = f(z*, x) without a graph, and a backward hook solves
g = (df/dz)^T g + dL/dz* by fixed-point iteration of vector-Jacobian products."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ResFunc(nn.Module):
    def __init__(self, c=32, groups=8):
        super().__init__()
        self.conv1 = nn.Conv2d(c, 2 * c, 3, padding=1)
        self.conv2 = nn.Conv2d(2 * c, c, 3, padding=1)
        self.norm1 = nn.GroupNorm(groups, 2 * c)
        self.norm2 = nn.GroupNorm(groups, c)
        self.norm3 = nn.GroupNorm(groups, c)

    def forward(self, z, x):
        y = self.norm1(F.relu(self.conv1(z)))
        return self.norm3(F.relu(z + self.norm2(x + self.conv2(y))))


def fixed_point(f, z0, max_iter=30, tol=1e-4):
    z = z0
    for _ in range(max_iter):
        z_next = f(z)
        if (z_next - z).norm() / (z_next.norm() + 1e-8) < tol:
            return z_next
        z = z_next
    return z


class DEQ(nn.Module):
    def __init__(self, c=32, n_classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, c, 3, padding=1), nn.BatchNorm2d(c))
        self.f = ResFunc(c)
        self.head = nn.Sequential(nn.BatchNorm2d(c), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(c, n_classes))

    def forward(self, x):
        x = self.stem(x)
        with torch.no_grad():
            z = fixed_point(lambda z: self.f(z, x), torch.zeros_like(x))
        z = self.f(z, x)
        if self.training:
            z0 = z.clone().detach().requires_grad_()
            f0 = self.f(z0, x)

            def backward_hook(grad):
                if self.hook is not None:
                    self.hook.remove()
                return fixed_point(lambda y: torch.autograd.grad(f0, z0, y, retain_graph=True)[0] + grad, grad)

            self.hook = z.register_hook(backward_hook)
        return self.head(F.interpolate(z, scale_factor=0.5, mode="nearest"))


def train(loader, epochs=10):
    model = DEQ()
    model.hook = None
    opt = torch.optim.Adam(model.parameters(), lr=1e-3, weight_decay=1e-5)
    for _ in range(epochs):
        for x, y in loader:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model


if __name__ == "__main__":
    train([(torch.randn(2, 3, 8, 8), torch.tensor([0, 1]))], epochs=1)
