# Distilling a spam filter for SMS into a small bag-of-embeddings student, with an input-gradient
# (double backprop) penalty on the token embeddings for robustness to obfuscated spellings.
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, EMB, T = 500, 32, 4.0


class Student(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, EMB)
        self.enc = nn.Sequential(nn.Linear(EMB, 64), nn.SiLU(), nn.Linear(64, 2))

    def forward_embedded(self, e, mask):
        pooled = (e * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True)
        return self.enc(pooled)


teacher = nn.Sequential(nn.EmbeddingBag(VOCAB, 64), nn.Linear(64, 2))
student = Student()
kd_loss = nn.KLDivLoss(reduction="batchmean")
opt = torch.optim.Adam(student.parameters(), lr=1e-3)

for step in range(3):
    tokens = torch.randint(0, VOCAB, (8, 20))
    mask = (torch.rand(8, 20) > 0.2).float()
    with torch.no_grad():
        soft = F.softmax(teacher(tokens) / T, dim=-1)
    e = student.emb(tokens)
    logits = student.forward_embedded(e, mask)
    loss = kd_loss(F.log_softmax(logits / T, dim=-1), soft) * T * T
    g_e = torch.autograd.grad(loss, e, create_graph=True)[0]
    loss = loss + 0.5 * g_e.pow(2).sum(-1).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
