# Keyword-spotting CNN on log-mel spectrograms; logs per-layer and total gradient norms, clips them.
import torch
import torch.nn as nn
import torch.nn.functional as F

MAX_NORM = 5.0


class KWSNet(nn.Module):
    def __init__(self, n_keywords=12):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, padding=1)
        self.conv2 = nn.Conv2d(8, 16, 3, padding=1)
        self.pool = nn.AvgPool2d(2)
        self.act = nn.ELU()
        self.fc = nn.Linear(16 * 4 * 4, n_keywords)

    def forward(self, x):
        x = self.pool(self.act(self.conv1(x)))
        x = self.pool(self.act(self.conv2(x)))
        return self.fc(x.flatten(1))


model = KWSNet()
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
for step in range(2):
    mel = torch.randn(4, 1, 16, 16)
    target = torch.randint(0, 12, (4,))
    optimizer.zero_grad()
    loss = F.cross_entropy(model(mel), target)
    loss.backward()
    layer_norms = {n: p.grad.detach().norm(2).item() for n, p in model.named_parameters() if p.grad is not None}
    total_norm = torch.norm(torch.stack([p.grad.detach().norm(2) for p in model.parameters()]), 2)
    torch.nn.utils.clip_grad_norm_(model.parameters(), MAX_NORM)
    optimizer.step()
    print(step, f"loss={loss.item():.3f} grad_norm={total_norm.item():.3f}", max(layer_norms.values()))
