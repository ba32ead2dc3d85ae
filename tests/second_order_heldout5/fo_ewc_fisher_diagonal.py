"""Elastic weight consolidation (Kirkpatrick et al. 2017) for permuted-MNIST continual learning: the
diagonal Fisher is the mean of squared first-order gradients of the log-likelihood of sampled labels, and
the EWC penalty is a quadratic in the parameters; nothing differentiates a gradient."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvNet(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 32, 3, padding=1), nn.ELU(), nn.MaxPool2d(2),
            nn.Conv2d(32, 64, 3, padding=1), nn.ELU(), nn.MaxPool2d(2),
        )
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(64 * 7 * 7, 128), nn.ELU(), nn.Linear(128, n_classes))

    def forward(self, x):
        return F.log_softmax(self.head(self.features(x)), dim=1)


class EWC:
    def __init__(self, model, dataset, n_samples=200):
        self.model = model
        self.params = {n: p.detach().clone() for n, p in model.named_parameters() if p.requires_grad}
        self.fisher = self._diag_fisher(dataset, n_samples)

    def _diag_fisher(self, dataset, n_samples):
        fisher = {n: torch.zeros_like(p) for n, p in self.params.items()}
        self.model.eval()
        for i, (x, _) in enumerate(dataset):
            if i >= n_samples:
                break
            self.model.zero_grad()
            log_probs = self.model(x.unsqueeze(0))
            label = torch.distributions.Categorical(logits=log_probs.detach()).sample()
            F.nll_loss(log_probs, label).backward()
            for n, p in self.model.named_parameters():
                if p.grad is not None:
                    fisher[n] += p.grad.detach() ** 2 / n_samples
        self.model.train()
        return fisher

    def penalty(self, model):
        loss = 0.0
        for n, p in model.named_parameters():
            if n in self.fisher:
                loss = loss + (self.fisher[n] * (p - self.params[n]) ** 2).sum()
        return loss


def train_tasks(task_loaders, task_datasets, epochs=1, ewc_lambda=400.0):
    model = ConvNet()
    opt = torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)
    consolidated = []
    for loader, dataset in zip(task_loaders, task_datasets):
        for _ in range(epochs):
            for x, y in loader:
                loss = F.nll_loss(model(x), y)
                for ewc in consolidated:
                    loss = loss + ewc_lambda / 2 * ewc.penalty(model)
                opt.zero_grad()
                loss.backward()
                opt.step()
        consolidated.append(EWC(model, dataset))
    return model
