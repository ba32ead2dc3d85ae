import torch
import torch.nn.functional as F

from attribution import integrated_gradients
from models import CommentClassifier

clf = CommentClassifier()
opt = torch.optim.Adam(clf.parameters(), lr=1e-3)
for epoch in range(2):
    ids, y = torch.randint(0, 500, (16, 12)), torch.randint(0, 3, (16,))
    loss = F.nll_loss(clf(ids), y)
    opt.zero_grad()
    loss.backward()
    opt.step()

clf.eval()
with torch.no_grad():
    acc = (clf(ids).argmax(-1) == y).float().mean()
attr = integrated_gradients(clf, ids[:2], target=1)
print(acc.item(), attr.shape)
