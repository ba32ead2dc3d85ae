"""Galaxy-morphology CNN (4 classes) trained with SGD; every epoch the Hessian trace of the training loss
w.r.t. all weights is estimated PyHessian-style (Hutchinson with Rademacher vectors) as a flatness monitor
and used to scale the learning rate."""
import torch
import torch.nn as nn


class GalaxyNet(nn.Module):
    def __init__(self, n_classes=4):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(inplace=True),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.BatchNorm2d(32), nn.ReLU(inplace=True),
            nn.Conv2d(32, 32, 3, stride=2, padding=1), nn.BatchNorm2d(32), nn.ReLU(inplace=True),
        )
        self.gap = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(32, n_classes)

    def forward(self, x):
        return self.fc(torch.flatten(self.gap(self.features(x)), 1))


def hessian_trace(model, criterion, inputs, targets, n_samples=3):
    params = [p for p in model.parameters() if p.requires_grad]
    loss = criterion(model(inputs), targets)
    grads = torch.autograd.grad(loss, params, create_graph=True)
    trace = 0.0
    for _ in range(n_samples):
        vs = [torch.randint_like(p, high=2) * 2 - 1 for p in params]
        hv = torch.autograd.grad(grads, params, grad_outputs=vs, retain_graph=True)
        trace += sum((h * v).sum().item() for h, v in zip(hv, vs))
    return trace / n_samples


model = GalaxyNet()
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
for epoch in range(2):
    for _ in range(2):
        x, y = torch.randn(8, 3, 32, 32), torch.randint(0, 4, (8,))
        loss = criterion(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    tr = hessian_trace(model, criterion, torch.randn(8, 3, 32, 32), torch.randint(0, 4, (8,)))
    for g in optimizer.param_groups:
        g["lr"] = 0.05 / (1.0 + 0.01 * max(tr, 0.0))
    print(f"epoch {epoch}: loss {loss.item():.3f} tr(H) {tr:.2f}")
