"""Legal-clause type classifier (contracts: indemnity, termination, confidentiality, ...) trained with
an embedding-space input-gradient penalty (Drucker & LeCun double backpropagation, applied to
word embeddings as in robust NLP training)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, DIM, CLASSES = 500, 32, 7


class ClauseClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, DIM, padding_idx=0)
        self.ffn = nn.Sequential(nn.Linear(DIM, 64), nn.GELU(approximate="tanh"), nn.Linear(64, DIM))
        self.norm = nn.LayerNorm(DIM)
        self.out = nn.Linear(DIM, CLASSES)

    def encode(self, e, mask):
        h = self.norm(e + self.ffn(e))
        h = (h * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True).clamp(min=1)
        return F.log_softmax(self.out(h), dim=-1)


model = ClauseClassifier()
optimizer = torch.optim.AdamW(model.parameters(), lr=5e-4, weight_decay=0.01)
beta = 0.5
for step in range(3):
    tokens = torch.randint(1, VOCAB, (4, 12))
    mask = (tokens > 0).float()
    labels = torch.randint(0, CLASSES, (4,))
    embeds = model.emb(tokens)
    logp = model.encode(embeds, mask)
    nll = F.nll_loss(logp, labels)
    g_emb, = torch.autograd.grad(nll, embeds, create_graph=True)
    loss = nll + beta * g_emb.pow(2).sum(-1).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, nll.item())
