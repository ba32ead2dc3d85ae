"""Solar-flare forecasting from SDO/HMI magnetogram cut-outs, with a gradient-norm (flat-minima) penalty:
loss.backward(create_graph=True) keeps the graph of the parameter gradients, which are then penalised."""
import torch
import torch.nn as nn


class FlareNet(nn.Module):
    def __init__(self, n_cls=3):
        super().__init__()
        self.stem = nn.Conv2d(1, 16, 3, padding=1)
        self.act = nn.Hardswish()
        self.pool = nn.AvgPool2d(2)
        self.conv2 = nn.Conv2d(16, 32, 3, padding=1)
        self.bn = nn.BatchNorm2d(32)
        self.fc = nn.Linear(32 * 8 * 8, n_cls)

    def forward(self, x):
        x = self.pool(self.act(self.stem(x)))
        x = torch.relu(self.bn(self.conv2(x)))
        return self.fc(x.flatten(1))


net = FlareNet()
criterion = nn.CrossEntropyLoss(weight=torch.tensor([1.0, 3.0, 10.0]))
optimizer = torch.optim.AdamW(net.parameters(), lr=3e-4)
beta = 0.05

for step in range(3):
    mags = torch.randn(8, 1, 16, 16)
    target = torch.randint(0, 3, (8,))
    optimizer.zero_grad()
    loss = criterion(net(mags), target)
    loss.backward(create_graph=True)
    grad_norm = sum(p.grad.pow(2).sum() for p in net.parameters() if p.grad is not None)
    penalty = beta * grad_norm
    for p in net.parameters():
        p.grad = None
    (loss + penalty).backward()
    optimizer.step()
    print(step, loss.item(), penalty.item())
