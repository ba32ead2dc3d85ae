"""FGSM adversarial training on word embeddings (Miyato et al. style) for an intent classifier."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class IntentClassifier(nn.Module):
    def __init__(self, vocab=100, dim=16, n_intents=7):
        super().__init__()
        self.embedding = nn.Embedding(vocab, dim)
        self.encoder = nn.Sequential(nn.Linear(dim, dim), nn.GELU(approximate="tanh"))
        self.classifier = nn.Linear(dim, n_intents)

    def forward_embeds(self, emb):
        return F.log_softmax(self.classifier(self.encoder(emb).mean(1)), dim=-1)

    def forward(self, tokens):
        return self.forward_embeds(self.embedding(tokens))


model = IntentClassifier()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
epsilon = 0.02
for step in range(2):
    tokens, intent = torch.randint(0, 100, (4, 6)), torch.randint(0, 7, (4,))
    emb = model.embedding(tokens)
    emb_leaf = emb.detach().requires_grad_(True)
    clean_loss = F.nll_loss(model.forward_embeds(emb_leaf), intent)
    grad_emb, = torch.autograd.grad(clean_loss, emb_leaf)
    delta = epsilon * grad_emb.sign()
    adv_loss = F.nll_loss(model.forward_embeds(emb + delta), intent)
    loss = F.nll_loss(model(tokens), intent) + adv_loss
    opt.zero_grad()
    loss.backward()
    opt.step()
