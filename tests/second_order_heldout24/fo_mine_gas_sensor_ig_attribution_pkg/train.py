import torch
import torch.nn.functional as F

from attribution import integrated_gradients
from models import GasHazardNet

clf = GasHazardNet()
opt = torch.optim.Adam(clf.parameters(), lr=1e-3)
for epoch in range(3):
    x, y = torch.randn(8, 6, 24), torch.randint(0, 3, (8,))
    loss = F.cross_entropy(clf.logits(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()

clf.eval()
with torch.no_grad():
    acc = (clf(x).argmax(-1) == y).float().mean()
attr = integrated_gradients(clf, x[:2], y[:2])
print(acc.item(), attr.abs().sum(dim=(1, 2)))
