"""Last-layer curvature regulariser for an orchid-species classifier: Hutchinson estimate of the trace
of the loss Hessian over the classifier head's parameters only (the backbone is a feature extractor)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class OrchidNet(nn.Module):
    def __init__(self, n_species=7):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 12, 3, stride=2, padding=1), nn.Hardswish(),
            nn.Conv2d(12, 12, 3, stride=2, padding=1), nn.Hardswish(),
            nn.Flatten())
        self.head = nn.Sequential(nn.Linear(12 * 4 * 4, 32), nn.GELU(approximate="tanh"),
                                  nn.Linear(32, n_species))

    def forward(self, x):
        return self.head(self.backbone(x))


def head_hessian_trace(net, loss, n_samples=2):
    head_params = list(net.head.parameters())
    grads = torch.autograd.grad(loss, head_params, create_graph=True)
    trace = 0.0
    for _ in range(n_samples):
        vs = [torch.randint_like(p, 2) * 2 - 1 for p in head_params]
        Hv = torch.autograd.grad(grads, head_params, grad_outputs=vs, create_graph=True)
        trace = trace + sum((h * v).sum() for h, v in zip(Hv, vs))
    return trace / n_samples


net = OrchidNet()
opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
for step in range(2):
    images, species = torch.randn(4, 3, 16, 16), torch.randint(0, 7, (4,))
    ce = F.cross_entropy(net(images), species)
    loss = ce + 1e-3 * head_hessian_trace(net, ce)
    opt.zero_grad()
    loss.backward()
    opt.step()
print(loss.item())
