/**
 * Common given names in English, German, French and Spanish (and a few frequent international
 * ones), written for this detector. A run "Given Surname" is read as a person's name without
 * any cue; the list is what separates "Hugo Brandt will join" from "General Motors said".
 * Accented and unaccented spellings are both listed where both are usual.
 */
export const GIVEN_NAMES: ReadonlySet<string> = new Set(
  `Aaron Abigail Adam Adrian Adriana Agnes Agnès Aidan Aisha Alan Albert Alberto Alejandro Alex
  Alexander Alexandra Alexandre Alfonso Alice Alicia Alina Alvaro Álvaro Amanda Amelia Amélie Ana
  Andrea Andreas Andrew Andrés Andres Angela Ángel Angel Anja Anke Ann Anna Anne Annette Anthony
  Antoine Antonio Arnaud Arthur Astrid Aurélie Ava Barbara Beatriz Ben Benjamin Benoît Bernard
  Bettina Bianca Blanca Brian Bruno Camille Carla Carlos Carmen Caroline Catherine Cécile Celia
  Charles Charlotte Chloe Chloé Chris Christian Christine Christopher Claire Clara Claudia Colin
  Cristina Daniel Daniela Daniele David Denise Diana Diego Dieter Dominik Dominique Dylan Edward
  Elena Eli Elias Elisa Élise Elise Elizabeth Ella Emily Emma Emmanuel Enrique Eric Erik Ernesto
  Esther Ethan Eugenia Eva Fabian Fabien Felix Félix Fernando Florian Francisco François Frank
  Franziska Frederik Frieda Gabriel Gabriela Gabriele George Georg Gérard Gilles Giulia Grace Greta
  Guillaume Günter Gustavo Hannah Hanna Hans Harald Harry Heike Heinz Helen Helena Hélène Henri
  Henry Hugo Ian Inès Ines Inés Ingrid Irene Isabel Isabella Isabelle Iván Ivan Jack Jacob Jacques
  James Jan Jana Jane Javier Jean Jennifer Jérôme Jessica Joan Joaquín Joaquin Jochen Johann
  Johannes John Jonas Jonathan Jordi Jorge José Jose Joseph Josh Joshua Juan Judith Julia Julian
  Julie Julien Julio Jürgen Justine Karin Karl Katharina Kathrin Katja Kevin Klaus Kurt Lara Laura
  Laurent Lea Léa Lena Leo Léo Leon Léon Lisa Liam Louis Louise Luc Luca Lucas Lucía Lucia Lucie
  Luis Luisa Lukas Lutz Manon Manuel Manuela Marc Marco Marcos Marcus Margaret Margot Maria María
  Marie Marina Mario Marion Mark Markus Marta Martin Martín Martina Mary Mateo Mathieu Mathilde
  Matthew Matthias Max Maximilian Megan Melanie Mélanie Mia Michael Michel Michelle Miguel Mila
  Monika Monique Nadia Nadine Natalia Nathalie Nathan Nicolas Nicole Niklas Nils Noah Noémie Nora
  Oliver Olivia Olivier Oscar Óscar Pablo Patricia Patrick Paul Paula Pauline Pedro Peter Petra
  Philippe Philipp Pierre Pilar Priya Rachel Rafael Ralf Ramón Ramon Raquel Raúl Raul Rebecca
  Renate Richard Rita Robert Roberto Rocío Rodrigo Romain Rosa Ruth Ryan Sabine Samuel Sandra Sara
  Sarah Sebastian Sébastien Sergio Silke Simon Simone Sofia Sofía Sophie Stefan Stefanie Stephanie
  Steven Susanne Sven Sylvie Teresa Thomas Thibault Tim Timo Tobias Tom Tomás Torsten Ursula Uwe
  Valentina Valérie Vanessa Verónica Victor Víctor Victoria Vincent Virginie Walter Werner William
  Wolfgang Xavier Yann Yannick Yvonne Zoe Zoé`.split(/\s+/u),
);
