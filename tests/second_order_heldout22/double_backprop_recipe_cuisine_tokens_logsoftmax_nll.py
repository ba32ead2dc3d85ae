# Double backpropagation (Drucker & LeCun) on the word-embedding layer of a recipe-to-cuisine classifier:
# the loss gradient w.r.t. the embedded ingredient tokens is penalised.
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, EMB, N_CUISINE = 200, 16, 6


class RecipeClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, EMB)
        self.gate = nn.Linear(EMB, EMB)
        self.logsig = nn.LogSigmoid()
        self.fc = nn.Linear(EMB, N_CUISINE)

    def classify(self, emb):
        gated = emb * self.logsig(self.gate(emb)).exp()
        pooled = gated.mean(dim=1)
        return F.log_softmax(self.fc(pooled), dim=-1)


clf = RecipeClassifier()
optimizer = torch.optim.Adam(clf.parameters(), lr=3e-3)
lam = 0.5

for epoch in range(3):
    tokens = torch.randint(0, VOCAB, (8, 12))
    labels = torch.randint(0, N_CUISINE, (8,))
    emb = clf.embed(tokens)
    log_probs = clf.classify(emb)
    nll = F.nll_loss(log_probs, labels)
    g_emb, = torch.autograd.grad(nll, emb, create_graph=True)
    loss = nll + lam * g_emb.pow(2).sum(dim=(1, 2)).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(loss.item())
