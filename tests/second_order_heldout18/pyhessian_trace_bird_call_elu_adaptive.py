"""Hutchinson Hessian trace of a bird-call classifier (PyHessian style) to compare checkpoints."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class BirdCallNet(nn.Module):
    def __init__(self, n_cls=5):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ELU(),
            nn.Conv2d(8, 16, 3, padding=1), nn.ELU(),
            nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = nn.Linear(16, n_cls)

    def forward(self, spec):
        return self.classifier(self.features(spec).flatten(1))


def group_product(xs, ys):
    return sum(torch.sum(x * y) for x, y in zip(xs, ys))


def hessian_trace(model, inputs, targets, maxIter=3):
    params = [p for p in model.parameters() if p.requires_grad]
    loss = F.cross_entropy(model(inputs), targets)
    gradsH = torch.autograd.grad(loss, params, create_graph=True)
    trace_vhv = []
    for _ in range(maxIter):
        v = [torch.randint_like(p, high=2) * 2 - 1 for p in params]
        Hv = torch.autograd.grad(gradsH, params, grad_outputs=v, only_inputs=True, retain_graph=True)
        trace_vhv.append(group_product(Hv, v).item())
    return sum(trace_vhv) / len(trace_vhv)


model = BirdCallNet()
model.eval()
x, y = torch.randn(4, 1, 16, 16), torch.randint(0, 5, (4,))
print("trace", hessian_trace(model, x, y))
