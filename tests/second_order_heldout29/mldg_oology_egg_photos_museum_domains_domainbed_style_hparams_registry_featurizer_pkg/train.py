"""Train MLDG on egg-shell photos from three museum collections, holding out a fourth."""
import torch

import algorithms
import hparams_registry

DATASET = "OologyMuseums"
DOMAINS = ["natural_history_a", "university_b", "private_c", "regional_d"]
SPECIES = 4
TEST_ENV = 3


def museum_batch(domain_idx, n):
    species = torch.randint(0, SPECIES, (n,))
    ground = torch.tensor([[0.9, 0.85, 0.7], [0.6, 0.75, 0.8], [0.8, 0.7, 0.5], [0.95, 0.95, 0.9]])[species]
    spots = (torch.rand(n, 1, 16, 16) < 0.05 * (1 + species.view(n, 1, 1, 1))).float()
    img = ground[:, :, None, None] * (1 - 0.7 * spots)
    lighting = 0.8 + 0.1 * domain_idx + 0.05 * torch.randn(n, 3, 1, 1)
    return (img * lighting).clamp(0, 1), species


def main(algorithm_name="MLDG", steps=3):
    torch.manual_seed(0)
    hparams = hparams_registry.default_hparams(algorithm_name, DATASET)
    algorithm_class = algorithms.get_algorithm_class(algorithm_name)
    algorithm = algorithm_class((3, 16, 16), SPECIES, len(DOMAINS) - 1, hparams)
    train_envs = [i for i in range(len(DOMAINS)) if i != TEST_ENV]
    for step in range(steps):
        minibatches = [museum_batch(i, hparams["batch_size"]) for i in train_envs]
        stats = algorithm.update(minibatches)
        print(f"step {step}: " + " ".join(f"{k} {v:.3f}" for k, v in stats.items()))
    x, y = museum_batch(TEST_ENV, 32)
    with torch.no_grad():
        acc = (algorithm.predict(x).argmax(1) == y).float().mean()
    print(f"held-out museum accuracy {acc.item():.2f}")


if __name__ == "__main__":
    main()
