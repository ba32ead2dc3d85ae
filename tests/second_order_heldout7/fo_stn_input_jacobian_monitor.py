"""Spatial-transformer digit classifier trained with plain cross-entropy; every epoch it *reports* the
input-Jacobian norm on a held-out batch (random projections, no create_graph) as a robustness metric."""
import torch
from torch import nn
import torch.nn.functional as F


class AffineSTN(nn.Module):
    def __init__(self):
        super().__init__()
        self.loc = nn.Sequential(nn.Conv2d(1, 8, 7), nn.MaxPool2d(2, 2), nn.ReLU(True),
                                 nn.Conv2d(8, 10, 5), nn.MaxPool2d(2, 2), nn.ReLU(True), nn.Flatten(),
                                 nn.Linear(90, 32), nn.ReLU(True), nn.Linear(32, 6))
        nn.init.zeros_(self.loc[-1].weight)
        with torch.no_grad():
            self.loc[-1].bias.copy_(torch.tensor([1.0, 0, 0, 0, 1.0, 0]))

    def forward(self, x):
        theta = self.loc(x).view(-1, 2, 3)
        return F.grid_sample(x, F.affine_grid(theta, list(x.shape), align_corners=False), align_corners=False)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stn = AffineSTN()
        self.body = nn.Sequential(nn.Conv2d(1, 16, 5), nn.MaxPool2d(2), nn.ReLU(), nn.Conv2d(16, 32, 5),
                                  nn.MaxPool2d(2), nn.ReLU(), nn.Flatten(), nn.Linear(512, 10))

    def forward(self, x):
        return self.body(self.stn(x))


def jacobian_norm_report(model, x, n_proj=4):
    model.eval()
    x = x.clone().requires_grad_(True)
    out = model(x)
    total = 0.0
    for _ in range(n_proj):
        v = F.normalize(torch.randn_like(out), dim=1)
        (jv,) = torch.autograd.grad(out, x, grad_outputs=v, retain_graph=True, create_graph=False)
        total += jv.pow(2).sum().item() * out.size(1) / (n_proj * x.size(0))
    model.train()
    return total ** 0.5


def train(loader, val_x, epochs=20):
    model = Net()
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for ep in range(epochs):
        for x, y in loader:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {ep}: ||J||_F ~ {jacobian_norm_report(model, val_x):.3f}")
    return model


if __name__ == "__main__":
    train([(torch.randn(2, 1, 28, 28), torch.tensor([1, 7]))], torch.randn(2, 1, 28, 28), epochs=1)
