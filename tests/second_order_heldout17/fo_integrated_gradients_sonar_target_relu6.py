# Integrated gradients (Sundararajan et al.) on a side-scan sonar target classifier: attribution only,
# plus a clipped fine-tuning step.
import torch
import torch.nn as nn
import torch.nn.functional as F

model = nn.Sequential(
    nn.Conv2d(1, 8, 3, padding=1), nn.ReLU6(), nn.AvgPool2d(2),
    nn.Conv2d(8, 8, 3, padding=1), nn.ReLU6(), nn.AdaptiveAvgPool2d(1),
    nn.Flatten(), nn.Linear(8, 3),
)


def integrated_gradients(model, x, target, baseline=None, steps=16):
    if baseline is None:
        baseline = torch.zeros_like(x)
    alphas = torch.linspace(0, 1, steps).view(-1, 1, 1, 1)
    path = (baseline + alphas * (x - baseline)).requires_grad_(True)
    out = F.log_softmax(model(path), dim=1)[:, target]
    grads = torch.autograd.grad(out.sum(), path, create_graph=False)[0]
    return (x - baseline) * grads.mean(0, keepdim=True)


opt = torch.optim.SGD(model.parameters(), lr=0.01)
x, y = torch.randn(4, 1, 16, 16), torch.randint(0, 3, (4,))
loss = F.cross_entropy(model(x), y)
opt.zero_grad()
loss.backward()
torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
opt.step()
attr = integrated_gradients(model, x[:1], target=int(y[0]))
print(loss.item(), attr.abs().sum().item())
