# Waggle-dance phase classifier on hive video frames; logs the global gradient norm and the input
# gradient norm each step (monitoring only) and clips gradients.
import torch
import torch.nn as nn
import torch.nn.functional as F


class WaggleNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, padding=1)
        self.act = nn.Hardswish()
        self.pool = nn.AvgPool2d(2)
        self.conv2 = nn.Conv2d(8, 16, 3, padding=1)
        self.fc = nn.Linear(16 * 4 * 4, 4)

    def forward(self, x):
        x = self.pool(self.act(self.conv1(x)))
        x = self.pool(self.act(self.conv2(x)))
        return self.fc(x.flatten(1))


model = WaggleNet()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
history = []
for step in range(3):
    frames = torch.randn(8, 1, 16, 16, requires_grad=True)
    phase = torch.randint(0, 4, (8,))
    loss = F.cross_entropy(model(frames), phase)
    input_grad, = torch.autograd.grad(loss, frames, retain_graph=True)
    optimizer.zero_grad()
    loss.backward()
    total_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
    history.append((loss.item(), total_norm.item(), input_grad.norm().item()))
    optimizer.step()
