"""Server: sample clients, average their returned parameters (FedAvg weighting by data size)."""
import torch


@torch.no_grad()
def aggregate(states, weights):
    total = sum(weights)
    return {n: sum(w * s[n] for s, w in zip(states, weights)) / total for n in states[0]}


def select_clients(n_clients, k, generator):
    return torch.randperm(n_clients, generator=generator)[:k].tolist()
