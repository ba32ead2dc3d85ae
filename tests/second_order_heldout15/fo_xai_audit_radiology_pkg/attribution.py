import torch
import torch.nn.functional as F


def integrated_gradients(model, x, target, steps=8):
    baseline = torch.zeros_like(x)
    total = torch.zeros_like(x)
    for alpha in torch.linspace(0, 1, steps):
        xi = (baseline + alpha * (x - baseline)).requires_grad_(True)
        score = F.log_softmax(model(xi), dim=1)[torch.arange(x.size(0)), target].sum()
        g, = torch.autograd.grad(score, xi, create_graph=False)
        total += g
    return (x - baseline) * total / steps
