"""HAWQ-V2-style mixed-precision bit allocation for a CIFAR AlexNet: the average Hessian trace of every
layer is estimated with Hutchinson's method (Rademacher v, Hv by double backward), layers are ranked by
trace * ||Q(W) - W||^2 and the most sensitive ones keep 8 bits."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class AlexNetCIFAR(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 64, kernel_size=5, padding=2),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=3, stride=2),
            nn.LocalResponseNorm(size=4, alpha=0.001 / 9.0, beta=0.75, k=1.0),
            nn.Conv2d(64, 64, kernel_size=5, padding=2),
            nn.ReLU(inplace=True),
            nn.LocalResponseNorm(size=4, alpha=0.001 / 9.0, beta=0.75, k=1.0),
            nn.MaxPool2d(kernel_size=3, stride=2),
        )
        self.classifier = nn.Sequential(
            nn.Linear(64 * 7 * 7, 384), nn.ReLU(inplace=True),
            nn.Linear(384, 192), nn.ReLU(inplace=True),
            nn.Linear(192, num_classes),
        )

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))


def quant_error(w, bits):
    scale = w.abs().max() / (2 ** (bits - 1) - 1)
    return ((torch.round(w / scale) * scale - w) ** 2).sum().item()


def hutchinson_traces(model, loader, n_v=50):
    layers = [m for m in model.modules() if isinstance(m, (nn.Conv2d, nn.Linear))]
    params = [m.weight for m in layers]
    traces = torch.zeros(len(params))
    n_batches = 0
    for images, targets in loader:
        loss = F.cross_entropy(model(images), targets)
        grads = torch.autograd.grad(loss, params, create_graph=True)
        for _ in range(n_v):
            vs = [torch.randint_like(p, high=2) * 2 - 1 for p in params]
            hvs = torch.autograd.grad(grads, params, grad_outputs=vs, retain_graph=True)
            traces += torch.tensor([(hv * v).sum().item() / v.numel() for hv, v in zip(hvs, vs)])
        n_batches += 1
    return layers, traces / (n_v * n_batches)


def allocate_bits(model, loader, budget_8bit=0.3):
    model.eval()
    layers, traces = hutchinson_traces(model, loader)
    omega = [t.item() * quant_error(m.weight.detach(), 4) for t, m in zip(traces, layers)]
    order = sorted(range(len(layers)), key=lambda i: -omega[i])
    n8 = max(1, int(budget_8bit * len(layers)))
    return {i: (8 if rank < n8 else 4) for rank, i in enumerate(order)}


if __name__ == "__main__":
    net = AlexNetCIFAR()
    batches = [(torch.randn(2, 3, 32, 32), torch.randint(0, 10, (2,)))]
    print(allocate_bits(net, batches))
